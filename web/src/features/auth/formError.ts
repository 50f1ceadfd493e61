import { HttpError } from '../../lib/http/index.ts';
import type { LoginMode } from './redirect.ts';

export type FormField = 'displayName' | 'email' | 'password';
export const formFields: readonly FormField[] = ['displayName', 'email', 'password'];

export interface FormError {
  mode: LoginMode;
  message: string;
  fields: Partial<Record<FormField, string>>;
}

/** SPEC §8: the server's message, else "Login failed" / "Registration failed"; field issues by field. */
export function toFormError(error: unknown, mode: LoginMode): FormError {
  const fallback = mode === 'register' ? 'Registration failed' : 'Login failed';
  if (!(error instanceof HttpError)) return { mode, message: fallback, fields: {} };
  const byField: Partial<Record<FormField, string>> = {};
  for (const issue of error.issues) {
    // The server names body fields "body.email"; anything else is not about one field.
    const name = issue.path.replace(/^body\./, '');
    const field = formFields.find((candidate) => candidate === name);
    if (field) byField[field] = byField[field] ? `${byField[field]} ${issue.message}` : issue.message;
  }
  // A suspended member signing in is told the admin's reason, as one signed out mid-use is (decision 0070).
  const reason = error.data?.error.sessionEnded?.reason;
  const message = error.serverMessage ?? fallback;
  return { mode, message: reason ? `${message} Reason: ${reason}` : message, fields: byField };
}
