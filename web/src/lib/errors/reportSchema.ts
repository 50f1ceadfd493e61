/** Loaded with the first error report, so the schema (and zod) stay off the first screen. */
export { errorLogPayloadSchema } from '@uplift/contracts';
