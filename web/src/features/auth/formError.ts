import { HttpError } from '../../lib/http/index.ts';
import { fieldErrorsOf } from '../../ui/fieldErrors.ts';
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
  const { message, fields } = fieldErrorsOf(error, fallback);
  // Only the form's own fields: an issue about anything else is not shown next to one.
  const byField: Partial<Record<FormField, string>> = {};
  for (const field of formFields) if (fields[field]) byField[field] = fields[field];
  // A suspended member signing in is told the admin's reason, as one signed out mid-use is (decision 0070).
  const reason = error instanceof HttpError ? error.data?.error.sessionEnded?.reason : undefined;
  return { mode, message: reason ? `${message} Reason: ${reason}` : message, fields: byField };
}
