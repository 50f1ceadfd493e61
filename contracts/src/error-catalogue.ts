/**
 * The error catalogue without zod: the web app's first screen imports these (its shell shows and reports
 * errors) while the schemas stay in errors.ts, so zod is not part of what `/` loads (docs/decisions).
 */

/** SPEC §8: the error catalogue. The server answers with these codes; the client shows these texts. */
export const errorCatalogue = {
  AUTH_FAILED: {
    message: 'Authentication failed. Please log in again.',
    title: 'Authentication Error',
  },
  NETWORK_ERROR: {
    message: 'Network connection error. Please check your internet connection.',
    title: 'Connection Error',
  },
  OFFLINE_ERROR: {
    message:
      'You are currently offline. Your action has been queued and will be completed when connection returns.',
    title: 'Offline Mode',
  },
  QUEUED_OFFLINE: {
    message: "Action saved and will be completed when you're back online.",
    title: 'Action Queued',
  },
  API_ERROR: { message: 'Server error occurred. Please try again later.', title: 'Server Error' },
  PERMISSION_DENIED: {
    message: "You don't have permission to perform this action.",
    title: 'Access Denied',
  },
  VALIDATION_ERROR: { message: 'Please check your input and try again.', title: 'Validation Error' },
  NOT_FOUND: { message: 'The requested resource was not found.', title: 'Not Found' },
  TIMEOUT: { message: 'Request timed out. Please try again.', title: 'Request Timeout' },
  RATE_LIMITED: {
    message: 'Too many requests. Please wait a moment and try again.',
    title: 'Rate Limited',
  },
  MAINTENANCE: {
    message: 'Service is temporarily unavailable for maintenance.',
    title: 'Service Unavailable',
  },
  UNKNOWN_ERROR: { message: 'An unexpected error occurred. Please try again.', title: 'Error' },
} as const;

export type ErrorCode = keyof typeof errorCatalogue;

/** What a member is told when their session ends for a cause of the error's `sessionEnded` (decision 0070). */
export const sessionEndedMessages = {
  suspended: 'Your account was suspended by an administrator.',
} as const;
export const errorCodes = Object.keys(errorCatalogue) as [ErrorCode, ...ErrorCode[]];

export const severities = ['low', 'medium', 'high', 'critical'] as const;
export type Severity = (typeof severities)[number];

/** The catalogue code a server answers with for an HTTP status (SPEC §8 codes, chosen by status). */
export function errorCodeForStatus(status: number): ErrorCode {
  if (status === 401) return 'AUTH_FAILED';
  if (status === 403) return 'PERMISSION_DENIED';
  if (status === 404) return 'NOT_FOUND';
  if (status === 408 || status === 504) return 'TIMEOUT';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 503) return 'MAINTENANCE';
  if (status >= 400 && status < 500) return 'VALIDATION_ERROR';
  if (status >= 500) return 'API_ERROR';
  return 'UNKNOWN_ERROR';
}
