/** Chat's limits, without zod: the chat screen bounds its inputs with these and loads no zod. */

export const chatLimits = {
  messageMaxChars: 2_000,
  titleMaxChars: 120,
  /** Earlier turns an anonymous visitor may send with a question (shorter context, nothing stored). */
  publicHistoryMaxTurns: 6,
} as const;
