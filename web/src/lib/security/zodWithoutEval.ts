/**
 * Zod compiles its object parsers with `new Function` where a page allows it, and finds out by trying: under
 * the pages' Content-Security-Policy (no 'unsafe-eval') the try is refused and reported as a CSP violation
 * on every screen that validates a form. Zod's `jitless` setting skips the try (and the compiling).
 *
 * `z.config({ jitless: true })` would pull zod into the first screen's bundle, which holds none (decision
 * 0030), so the setting is put where zod reads its settings from, `globalThis.__zod_globalConfig`, before
 * zod loads; an object already there (zod loaded first, as in tests) is the one zod holds, so it is changed
 * in place. Remove this once zod is in the entry bundle and `z.config` can be called there (decision 0107).
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;

// A module, run once for its effect (main.tsx imports it first).
export {};
