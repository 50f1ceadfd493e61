import { err as serializeError } from 'pino-std-serializers';

/**
 * Fields through which drizzle's DrizzleQueryError and pg's DatabaseError carry the values a query ran with:
 * emails, password and token hashes. `detail` ("Key (email)=(…) already exists", "Failing row contains (…)")
 * and `where` ("unnamed portal parameter $1 = '…'") quote them too.
 */
const parameterFields = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery']);

const withoutQuotedValues = (message: string) =>
  message
    // DrizzleQueryError appends every parameter to its message: "Failed query: …\nparams: a,b,c".
    .replace(/\nparams: [\s\S]*$/, '\nparams: [redacted]')
    // PostgreSQL ends messages about a bad value with the value itself: `…for type uuid: "the value"`.
    .replace(/: "[\s\S]*"$/, ': "[redacted]"');

type ErrorFields = Error & Record<string, unknown>;

function withoutParameters(error: ErrorFields): ErrorFields {
  // Same prototype, so the log still names the error's type (DrizzleQueryError, DatabaseError…).
  const copy = Object.create(Object.getPrototypeOf(error) as object) as ErrorFields;
  for (const key of Object.keys(error)) {
    if (!parameterFields.has(key)) copy[key] = error[key];
  }
  copy.message = withoutQuotedValues(error.message);
  // The stack repeats the message, parameters included.
  copy.stack = error.stack?.replace(error.message, copy.message);
  if (error.cause instanceof Error) copy.cause = withoutParameters(error.cause as ErrorFields);
  if (Array.isArray(error.errors)) {
    copy.errors = error.errors.map((inner: unknown) =>
      inner instanceof Error ? withoutParameters(inner as ErrorFields) : inner,
    );
  }
  return copy;
}

/** pino's `err` serializer, minus the values of failed queries: for every logger of the app. */
export function serializeErrorWithoutParameters(error: unknown) {
  return serializeError(error instanceof Error ? withoutParameters(error as ErrorFields) : (error as Error));
}
