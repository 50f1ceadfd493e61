/** Shown while the first page's chunk loads. It fades in late, so fast loads never flash it. */
export function RouteLoading() {
  return (
    <p role="status" className="animate-appear-late p-6 text-center text-slate-700">
      Loading…
    </p>
  );
}
