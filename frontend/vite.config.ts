import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { pwaOptions } from './pwa.config';

/** In the build, ra-core gets react-router without the data router it never uses here (src/admin/raCoreRouter.ts). */
const raCoreRouter: Plugin = {
  name: 'ra-core-router',
  apply: 'build',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === 'react-router-dom' && importer?.includes('/node_modules/ra-core/')) return fileURLToPath(new URL('src/admin/raCoreRouter.ts', import.meta.url));
  },
};

/**
 * React Router's package exports only its development build, whose warnings stay in the bundle; its own framework
 * plugin points production builds at the identical build without them (about 0.5 KiB gzipped on every page).
 */
const reactRouterProduction: Plugin = {
  name: 'react-router-production',
  apply: 'build',
  enforce: 'pre',
  resolveId(source) {
    if (source === 'react-router') return fileURLToPath(import.meta.resolve('react-router').replace('/dist/development/', '/dist/production/'));
  },
};

/**
 * MUI's `createTheme` holds its CSS-variables theme builder, which only a theme with CSS variables calls; none here
 * has them, so the build gives it src/theme/noCssVariables.ts instead (about 4 KiB gzipped on every page).
 */
const muiThemeWithoutCssVariables: Plugin = {
  name: 'mui-theme-without-css-variables',
  apply: 'build',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === './createThemeWithVars.js' && importer?.replaceAll('\\', '/').endsWith('/@mui/material/esm/styles/createTheme.js'))
      return fileURLToPath(new URL('src/theme/noCssVariables.ts', import.meta.url));
  },
};

export default defineConfig({
  plugins: [react(), raCoreRouter, reactRouterProduction, muiThemeWithoutCssVariables, VitePWA(pwaOptions('dist'))],
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
