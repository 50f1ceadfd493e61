/**
 * SPEC §3: the limits of an error report.
 * Without zod: the web app's first screen uses these and loads no zod.
 */

export const errorLogLimits = {
  messageMax: 2_000,
  stackMax: 16_000,
  urlMax: 2_048,
  userAgentMax: 1_024,
  contextMaxBytes: 8_192,
  contextMaxDepth: 16,
  bodyMaxBytes: 32_768,
} as const;
