import { errorCatalogue, type ErrorCode, type Severity } from '@uplift/contracts';

/**
 * How serious each catalogue error is by default, and whether trying again can help. SPEC §8 gives the
 * codes and texts but no per-code severity; these follow what the user can do about it: an offline or
 * queued action is only information (low), something to retry later is a warning (medium), a failure
 * they cannot fix themselves is an error (high), and maintenance takes the whole service away (critical,
 * which never auto-dismisses).
 */
export const errorDefaults: Record<ErrorCode, { severity: Severity; retryable: boolean }> = {
  AUTH_FAILED: { severity: 'high', retryable: false },
  NETWORK_ERROR: { severity: 'medium', retryable: true },
  OFFLINE_ERROR: { severity: 'low', retryable: true },
  QUEUED_OFFLINE: { severity: 'low', retryable: false },
  API_ERROR: { severity: 'high', retryable: true },
  PERMISSION_DENIED: { severity: 'high', retryable: false },
  VALIDATION_ERROR: { severity: 'medium', retryable: false },
  NOT_FOUND: { severity: 'medium', retryable: false },
  TIMEOUT: { severity: 'medium', retryable: true },
  RATE_LIMITED: { severity: 'medium', retryable: true },
  MAINTENANCE: { severity: 'critical', retryable: true },
  UNKNOWN_ERROR: { severity: 'high', retryable: false },
};

export function catalogueEntry(code: ErrorCode): { message: string; title: string } {
  return errorCatalogue[code];
}
