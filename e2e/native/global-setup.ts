import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiOrigin } from './ports.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Builds the bundle the native shells carry, exactly as `npm run native:sync` does: the same static build
 * with an absolute API base (here the end-to-end server). `cap sync` only copies this folder into the
 * shells, so the Android shell spec serves it from the folder as the web view would.
 */
export default function buildNativeBundle(): void {
  // CI's private-home smoke runs one spec that never opens a shell: it skips the second web build.
  if (process.env.E2E_NATIVE_BUNDLE === 'skip') return;
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'uplift-native-bundle-'));
  execFileSync('npm', ['run', 'build', '--workspace', 'web', '--', '--outDir', outDir, '--emptyOutDir'], {
    cwd: repoRoot,
    env: { ...process.env, VITE_API_BASE: `${apiOrigin}/api`, BUILD_ID: 'e2e-native' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  process.env.E2E_NATIVE_BUNDLE_DIR = outDir;
}
