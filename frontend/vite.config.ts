import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  // The manifest lets the server announce each route's chunks in the page (modulepreload). Two pages: the app
  // (index.html) and the light shell the server sends for /login opened directly (account.html, no MUI).
  build: { outDir: 'dist', manifest: true, rollupOptions: { input: { index: 'index.html', account: 'account.html' } } },
  // `npm run dev` here talks to the API of `npm run start:dev` at the root.
  server: { proxy: { '/api': 'http://localhost:3000' } },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
  },
});
