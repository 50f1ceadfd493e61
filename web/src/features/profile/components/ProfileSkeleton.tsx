/** Holds the profile's place while it loads (never a flash of the sign-in page). */
export function ProfileSkeleton() {
  return (
    <div className="space-y-4 py-6" aria-busy="true">
      <p role="status" className="sr-only">
        Loading the profile…
      </p>
      <div className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-4">
        <div className="size-24 animate-pulse rounded-full bg-slate-200" />
        <div className="flex-1 space-y-2">
          <div className="h-6 w-2/3 animate-pulse rounded bg-slate-200" />
          <div className="h-4 w-1/2 animate-pulse rounded bg-slate-200" />
        </div>
      </div>
      <div className="h-32 animate-pulse rounded-2xl bg-slate-100" />
    </div>
  );
}
