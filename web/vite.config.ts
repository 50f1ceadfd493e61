import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { themeBootScript } from '../contracts/src/theme.ts';
import { VitePWA } from 'vite-plugin-pwa';

// The server (npm run dev --workspace server) owns /api; the dev server only serves the client.
const apiProxy = { '/api': 'http://localhost:3000' };

/**
 * SPEC §7 update checks: every build gets an id, compiled into the app (import.meta.env.VITE_BUILD_ID) and
 * published as /build.json. A running app that reads a different id from /build.json knows a new version
 * is out. BUILD_ID from the environment wins, so a deployment can give the server and the app the same id.
 */
function buildIdPlugin(): Plugin {
  const buildId =
    process.env.BUILD_ID?.trim() ||
    `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}-${randomBytes(3).toString('hex')}`;
  return {
    name: 'uplift-build-id',
    config: () => ({ define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId) } }),
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'build.json',
        source: `${JSON.stringify({ buildId, builtAt: new Date().toISOString() })}\n`,
      });
    },
  };
}

/**
 * The theme is set before the first paint (decision 0077): contracts' boot script, inline at the top of
 * <head>, where the server's Content-Security-Policy allows exactly it by its hash. Every page built from
 * index.html (the prerendered first screens too) carries it.
 */
function themeBootPlugin(): Plugin {
  return {
    name: 'uplift-theme-boot',
    transformIndexHtml: () => [{ tag: 'script', children: themeBootScript, injectTo: 'head-prepend' }],
  };
}

/**
 * The code every first screen runs shares one chunk, `framework`: the libraries (React, React DOM, React
 * Router, TanStack Query, the stores, the icons' runtime) and the app's own start-up layers (HTTP client,
 * offline layer, error reporting, toasts, the sign-in store). Left to itself the bundler puts each module
 * the entry shares with a lazy page into a file of its own (26 files on `/`), and each file is compressed
 * apart: the same code came to 4.5 KB gzip more (decision 0068). Only modules the entry imports statically
 * (`$initial`) are taken, so nothing only a lazy page uses joins the first screen.
 */
const firstScreenLibraries =
  /[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router|@tanstack[\\/](?:react-query|query-core)|zustand|idb)[\\/]|[\\/]lucide-react[\\/]dist[\\/]esm[\\/](?:createLucideIcon|Icon|defaultAttributes|context|shared)/;
const firstScreenAppCode =
  /[\\/]web[\\/]src[\\/](?:lib[\\/](?:http|offline|errors|toasts|loading|dom|native|format)|ui[\\/]toasts|features[\\/]auth)[\\/]/;

export default defineConfig({
  // Pinned so the build lands in web/dist whichever folder vite is started from.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    // React DOM renders the app (decision 0053); the plugin gives `npm run dev` Fast Refresh.
    react(),
    tailwindcss(),
    buildIdPlugin(),
    themeBootPlugin(),
    VitePWA({
      // The page asks before switching to a new version (a "Reload" toast), so nothing is lost mid-task.
      registerType: 'prompt',
      // Registered from main.tsx (web only, never in the native shells).
      injectRegister: false,
      // public/manifest.webmanifest is the manifest; the plugin does not generate one.
      manifest: false,
      workbox: {
        // The app shell: every built script, style, page and icon, so the app opens with no network.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
        // The update check must always see the server's copy.
        globIgnores: ['build.json'],
        navigateFallback: 'index.html',
        // Client routes fall back to the shell; the API and real files never do.
        navigateFallbackDenylist: [/^\/api(?:\/|$)/, /\/[^/?]+\.[^/?]+$/],
        // API answers are never cached here (the app's content cache handles content), except video files
        // the member opened: the player keeps whole copies (features/videos/mediaFiles.ts), and this route
        // answers the <video> element's range requests from them, so those videos play offline.
        runtimeCaching: [
          {
            urlPattern: ({ url }) =>
              /^\/api\/videos\/[0-9a-f-]+\/(?:media|poster|captions)$/.test(url.pathname),
            handler: 'CacheFirst',
            options: {
              cacheName: 'uplift-video-media',
              rangeRequests: true,
              // Only whole files (200): a 206 slice must never stand in for the file.
              cacheableResponse: { statuses: [200] },
              // The player's own request carries other headers (Range, Accept-Encoding) than the copy's.
              matchOptions: { ignoreVary: true },
              expiration: { maxEntries: 60, purgeOnQuotaError: true },
              plugins: [
                {
                  // A premium file's signature (exp, sig) changes every quarter hour, the file does not:
                  // keyed without it, as features/videos/mediaFiles.ts keeps copies (offlineKey), a video
                  // opened once still plays offline from a newer link. Inlined into the worker: no imports.
                  cacheKeyWillBeUsed: async ({ request }: { request: Request }) => {
                    const url = new URL(request.url);
                    url.searchParams.delete('exp');
                    url.searchParams.delete('sig');
                    return url.href;
                  },
                },
              ],
            },
          },
        ],
        cleanupOutdatedCaches: true,
        // Shows web pushes and opens their deep link (public/push-sw.js).
        importScripts: ['push-sw.js'],
        // The first visit is controlled as soon as the shell is cached, so screens not yet opened still load
        // offline; updates wait for the user's "Reload" (skipWaiting off).
        clientsClaim: true,
        skipWaiting: false,
      },
      devOptions: { enabled: false },
    }),
  ],
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  // The manifest (dist/.vite/manifest.json) tells the prerender which chunks each page needs; it removes it.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rollupOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: (id: string) => firstScreenLibraries.test(id) || firstScreenAppCode.test(id),
              tags: ['$initial'],
            },
          ],
        },
      },
    },
  },
});
