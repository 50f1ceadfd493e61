import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The server (npm run dev --workspace server) owns /api; the dev server only serves the client.
const apiProxy = { '/api': 'http://localhost:3000' };

export default defineConfig({
  // Pinned so the build lands in web/dist whichever folder vite is started from.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss()],
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: { outDir: 'dist', emptyOutDir: true },
});
