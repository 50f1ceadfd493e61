/**
 * The form's one alert region: always in the page, so a screen reader announces a message the moment it
 * appears, and boxed only while it holds one.
 */
export function FormAlert({ message }: { message: string | null | undefined }) {
  return (
    <div
      role="alert"
      className={message ? 'rounded-xl border border-red-300 bg-red-50 p-3 font-medium text-red-800' : ''}
    >
      {message}
    </div>
  );
}
