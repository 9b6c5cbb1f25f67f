import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { pwaOptions } from './pwa.config';

export default defineConfig({
  plugins: [react(), VitePWA(pwaOptions('dist'))],
  // The manifest lets the server announce each route's chunks in the page (modulepreload).
  build: { outDir: 'dist', manifest: true },
  // `npm run dev` here talks to the API of `npm run start:dev` at the root.
  server: { proxy: { '/api': 'http://localhost:3000' } },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
  },
});
