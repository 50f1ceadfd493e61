/**
 * Whether an error means the database cannot be reached right now (stopped, restarting, frozen or out of
 * connections), as opposed to a fault of the query: the former is a 503 worth retrying, the latter a bug.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // drizzle wraps the driver's error (DrizzleQueryError.cause).
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && (unavailableSqlStates(code) || socketErrorCodes.has(code))) return true;
    if (driverMessages.some((message) => current instanceof Error && current.message.includes(message))) {
      return true;
    }
  }
  return false;
}

/**
 * SQLSTATE class 08 (connection exception), 53 (insufficient resources: too many connections, disk full),
 * 57P01-57P05 (administrator/crash shutdown, cannot connect now, database dropped, idle session timeout)
 * and 57014 (cancelled by statement_timeout).
 */
function unavailableSqlStates(code: string): boolean {
  if (!/^[0-9A-Z]{5}$/.test(code)) return false;
  return code.startsWith('08') || code.startsWith('53') || code.startsWith('57P') || code === '57014';
}

const socketErrorCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);

// node-postgres raises these as plain Errors without a code.
const driverMessages = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Query read timeout',
  'is not queryable',
];
