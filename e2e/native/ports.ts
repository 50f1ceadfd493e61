/** Where the end-to-end server listens (playwright.config.ts starts it). */
export const port = Number(process.env.E2E_PORT ?? 4173);

export const apiOrigin = `http://127.0.0.1:${port}`;

/**
 * Where the mail catcher (mail/smtp-catcher.ts) listens: derived from E2E_PORT, 10000 above it, so runs
 * side by side on neighbouring ports (4301, 4302…) never share a mailbox or collide.
 */
export const smtpPort = port + 10_000;
