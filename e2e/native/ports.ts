/** Where the end-to-end server listens (playwright.config.ts starts it). */
export const port = Number(process.env.E2E_PORT ?? 4173);

export const apiOrigin = `http://127.0.0.1:${port}`;
