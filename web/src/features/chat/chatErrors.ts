import { HttpError, NetworkError, TimeoutError } from '../../lib/http/index.ts';

/** What the chat's alert says about a failed request: the server's own words whenever it sent some. */
export function chatErrorMessage(error: unknown): string {
  if (error instanceof HttpError) {
    const details = error.issues.map((issue) => issue.message).filter(Boolean);
    if (error.serverMessage && details.length > 0) return `${error.serverMessage} ${details.join(' ')}`;
    return error.serverMessage ?? `Vale couldn't answer just now (error ${error.status}). Please try again.`;
  }
  if (error instanceof NetworkError) {
    return error.offline
      ? "You're offline. Vale will be here when your connection is back."
      : "Can't reach Uplift right now. Check your connection and try again.";
  }
  if (error instanceof TimeoutError) return 'Uplift took too long to answer. Please try again.';
  return 'Something went wrong. Please try again.';
}
