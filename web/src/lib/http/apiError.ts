import { errorCatalogue, type ApiError } from '@uplift/contracts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isIssue(value: unknown): boolean {
  return isRecord(value) && typeof value.path === 'string' && typeof value.message === 'string';
}

function isSessionEnded(value: unknown): boolean {
  return (
    isRecord(value) &&
    value.cause === 'suspended' &&
    (value.reason === null || typeof value.reason === 'string')
  );
}

/**
 * An error body in the API's one error shape (the contract's `apiErrorSchema`), or undefined. Checked by
 * hand rather than with the schema: every request may fail, so this sits on the first screen, which loads
 * no zod (docs/decisions/0030-first-screen-bundle.md).
 */
export function readApiError(body: unknown): ApiError | undefined {
  if (!isRecord(body) || body.success !== false || !isRecord(body.error)) return undefined;
  const { code, message, statusCode, requestId, issues, sessionEnded } = body.error;
  if (typeof code !== 'string' || !Object.hasOwn(errorCatalogue, code)) return undefined;
  if (typeof message !== 'string' || typeof statusCode !== 'number' || !Number.isInteger(statusCode)) {
    return undefined;
  }
  if (requestId !== undefined && typeof requestId !== 'string') return undefined;
  if (issues !== undefined && !(Array.isArray(issues) && issues.every(isIssue))) return undefined;
  if (sessionEnded !== undefined && !isSessionEnded(sessionEnded)) return undefined;
  return body as ApiError;
}
