import { HttpError } from '../lib/http/index.ts';

export interface FieldErrors {
  /** The server's message for the whole form, or ours when it never answered. */
  message: string;
  /** Each field's issues by its path without "body." ("links.0.url"), joined when there are several. */
  fields: Record<string, string>;
}

const unsaved = 'Your changes could not be saved. Try again.';

/** The server's error (SPEC error shape, field issues included) as what a form shows next to each field. */
export function fieldErrorsOf(error: unknown, fallback = unsaved): FieldErrors {
  if (!(error instanceof HttpError)) return { message: fallback, fields: {} };
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.replace(/^body\.?/, '');
    fields[path] = fields[path] ? `${fields[path]} ${issue.message}` : issue.message;
  }
  return { message: error.serverMessage ?? fallback, fields };
}
