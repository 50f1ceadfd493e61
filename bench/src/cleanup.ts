/**
 * Everything the bench starts (the production server, bare servers, Chromium) registers its teardown here,
 * so it is undone on success, on failure and on Ctrl-C / SIGTERM alike.
 */

export interface Cleanup {
  /** Orderly teardown; awaited. */
  run(): Promise<void>;
  /** Last resort, synchronous: called from the `exit` hook when `run` never got the chance. */
  now(): void;
}

const pending = new Set<Cleanup>();

/** Registers a teardown; returns the function to call once it ran (or is no longer needed). */
export function onCleanup(cleanup: Cleanup): () => void {
  pending.add(cleanup);
  return () => pending.delete(cleanup);
}

/** Runs every pending teardown, newest first; never throws. */
export async function runCleanups(): Promise<void> {
  for (const cleanup of [...pending].reverse()) {
    pending.delete(cleanup);
    try {
      await cleanup.run();
    } catch (error) {
      console.error(`cleanup failed: ${errorMessage(error)}`);
    }
  }
}

let installed = false;

/**
 * On SIGINT/SIGTERM, or an error nobody caught (Lighthouse can reject stray promises once Chromium is
 * gone): tear everything down, then exit. Errors raised while tearing down are ignored.
 */
export function installSignalHandlers(): void {
  if (installed) return;
  installed = true;
  let stopping = false;
  const stop = (reason: string, code: number) => {
    if (stopping) return;
    stopping = true;
    console.error(`\n${reason}: stopping the servers and Chromium…`);
    void runCleanups().finally(() => process.exit(code));
  };
  process.once('SIGINT', () => stop('SIGINT', 130));
  process.once('SIGTERM', () => stop('SIGTERM', 143));
  const onUncaught = (error: unknown) => {
    if (stopping) return;
    console.error(error);
    stop(`uncaught error: ${errorMessage(error)}`, 1);
  };
  process.on('uncaughtException', onUncaught);
  process.on('unhandledRejection', onUncaught);
  process.once('exit', () => {
    for (const cleanup of pending) {
      try {
        cleanup.now();
      } catch {
        // Exiting anyway; nothing more can be done.
      }
    }
  });
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
