import { HttpError } from '../../../lib/http/index.ts';

/** What the video and partner editors share beyond `ui/Field`: the server's errors, by field. */

/** The server's message and its issues by field ("body.lat" → "lat"), for showing next to the fields. */
export function contentErrorsOf(error: unknown): { message: string; fields: Record<string, string> } {
  const fallback = 'Your changes could not be saved. Try again.';
  if (!(error instanceof HttpError)) return { message: fallback, fields: {} };
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.replace(/^body\.?/, '').split('.')[0] ?? '';
    fields[field] = fields[field] ? `${fields[field]} ${issue.message}` : issue.message;
  }
  return { message: error.serverMessage ?? fallback, fields };
}

/** What went wrong with an upload, in the server's words when it gave some. */
export function uploadErrorOf(error: unknown): string {
  if (error instanceof HttpError && error.serverMessage) return error.serverMessage;
  return 'The upload did not finish. Check the connection and try again.';
}
