import type { CapacitorConfig } from '@capacitor/cli';

/**
 * The iOS and Android shells run the same static build from their bundled assets (no service worker on
 * iOS), calling the API cross-origin: build it with an absolute VITE_API_BASE (`npm run native:sync`).
 */
const config: CapacitorConfig = {
  appId: 'community.uplift.app',
  appName: 'Uplift',
  webDir: 'dist',
  // Android serves the bundle from https://localhost and iOS from capacitor://localhost: the server's
  // TRUSTED_ORIGINS default.
  server: { androidScheme: 'https' },
};

export default config;
