import type { ToastInput } from '../toasts/toastStore.ts';

/** The build this page is running, set by the build (vite.config.ts); "dev" under the dev server and tests. */
export const currentBuildId: string = import.meta.env.VITE_BUILD_ID ?? 'dev';

/** SPEC §7 periodic update check: how often the build manifest is read while the app is open. */
export const buildCheckIntervalMs = 5 * 60_000;

/** The build manifest published with each build (`/build.json`). */
export interface BuildManifest {
  buildId: string;
  builtAt?: string;
}

export function parseBuildManifest(value: unknown): BuildManifest | null {
  if (typeof value !== 'object' || value === null) return null;
  const { buildId, builtAt } = value as Record<string, unknown>;
  if (typeof buildId !== 'string' || buildId.length === 0) return null;
  return { buildId, ...(typeof builtAt === 'string' ? { builtAt } : {}) };
}

/** A newer build is out when the published id differs from the running one (ids are not ordered). */
export function isNewBuild(running: string, published: BuildManifest | null): boolean {
  return published !== null && running !== 'dev' && published.buildId !== running;
}

export const updateToastId = 'app-update';

export function updateAvailableToast(reload: () => void): ToastInput {
  return {
    id: updateToastId,
    type: 'info',
    title: 'Update Available',
    message: 'A new version of Uplift is ready.',
    duration: null,
    action: { label: 'Reload', handler: reload },
  };
}

export interface BuildCheckDeps {
  running: string;
  /** Reads the published manifest; null when it cannot be read (offline, not built). */
  fetchManifest: () => Promise<BuildManifest | null>;
  /** Called once per new build id found. */
  onNewBuild: (manifest: BuildManifest) => void;
}

/** Checks now, every 5 minutes, and whenever the page becomes visible again. Returns the stop function. */
export function startBuildCheck(deps: BuildCheckDeps, target: Window = window): () => void {
  let announced: string | null = null;
  const check = async () => {
    const manifest = await deps.fetchManifest().catch(() => null);
    if (manifest && isNewBuild(deps.running, manifest) && manifest.buildId !== announced) {
      announced = manifest.buildId;
      deps.onNewBuild(manifest);
    }
  };
  const onVisible = () => {
    if (target.document.visibilityState === 'visible') void check();
  };
  void check();
  const timer = setInterval(() => void check(), buildCheckIntervalMs);
  target.document.addEventListener('visibilitychange', onVisible);
  return () => {
    clearInterval(timer);
    target.document.removeEventListener('visibilitychange', onVisible);
  };
}

/** GET /build.json next to index.html, never from a cache. */
export async function fetchPublishedManifest(): Promise<BuildManifest | null> {
  const response = await fetch(new URL('/build.json', location.href), { cache: 'no-store' });
  if (!response.ok) return null;
  return parseBuildManifest(await response.json());
}
