import { HttpError } from '../../../lib/http/index.ts';

/** The server's field issues ("body.links.0.url") by field path without "body.", and its message. */
export function fieldErrorsOf(error: unknown): { message: string; fields: Record<string, string> } {
  if (!(error instanceof HttpError))
    return { message: 'Your changes could not be saved. Try again.', fields: {} };
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.replace(/^body\.?/, '');
    fields[path] = fields[path] ? `${fields[path]} ${issue.message}` : issue.message;
  }
  return { message: error.serverMessage ?? 'Your changes could not be saved. Try again.', fields };
}
