/**
 * The form's one alert region: always in the page, so a screen reader announces a message the moment it
 * appears. The region itself never changes, only what is in it: a change to the region's own attributes
 * (its box, say) is a change a screen reader may read out again, so the box is drawn by the message inside.
 */
export function FormAlert({ message }: { message: string | null | undefined }) {
  return (
    <div role="alert">
      {message && (
        <p className="rounded-xl border border-red-300 bg-red-50 p-3 font-medium text-red-800">{message}</p>
      )}
    </div>
  );
}
