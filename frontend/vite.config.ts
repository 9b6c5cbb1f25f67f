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

/**
 * Emotion's core imports `hoist-non-react-statics` bare (for nothing but its loading), which counts as a side effect, so
 * every page carried it and `react-is` (about 1 KiB gzipped). Marked free of side effects, it loads only with code that
 * uses it (emotion's `withTheme`).
 */
const hoistWithoutSideEffects: Plugin = {
  name: 'hoist-non-react-statics-without-side-effects',
  apply: 'build',
  transform(code, id) {
    if (id.replaceAll('\\', '/').includes('/node_modules/hoist-non-react-statics/')) return { code, map: null, moduleSideEffects: false };
  },
};

/**
 * `@mui/styled-engine`'s index holds emotion's `styled` beside the theme context and global styles every page needs, so
 * the shell's theme provider brought `styled` (with `@emotion/is-prop-valid`, about 3 KiB gzipped) into every page,
 * even one that draws no styled component. In the build, `@mui/system`'s modules other than those that style
 * components get the index without `styled` (the same modules it re-exports otherwise, so one theme context).
 */
const STYLED_ENGINE = fileURLToPath(import.meta.resolve('@mui/styled-engine'));
const STYLED_ENGINE_CORE = `${STYLED_ENGINE}?without-styled`;
const styledEngineWithoutStyled: Plugin = {
  name: 'styled-engine-without-styled',
  apply: 'build',
  enforce: 'pre',
  resolveId(source, importer) {
    const from = importer?.replaceAll('\\', '/');
    if (source === '@mui/styled-engine' && from?.includes('/@mui/system/esm/') && !/\/(createStyled|createBox|preprocessStyles)\.js$/.test(from))
      return { id: STYLED_ENGINE_CORE, moduleSideEffects: false };
  },
  load(id) {
    if (id !== STYLED_ENGINE_CORE) return;
    return [
      "import { serializeStyles } from '@emotion/serialize';",
      "export { ThemeContext, keyframes, css } from '@emotion/react';",
      "export { default as StyledEngineProvider } from './StyledEngineProvider/index.js';",
      "export { default as GlobalStyles } from './GlobalStyles/index.js';",
      'const wrapper = [];',
      'export function internal_serializeStyles(styles) {',
      '  wrapper[0] = styles;',
      '  return serializeStyles(wrapper);',
      '}',
    ].join('\n');
  },
};

export default defineConfig({
  plugins: [react(), raCoreRouter, reactRouterProduction, muiThemeWithoutCssVariables, hoistWithoutSideEffects, styledEngineWithoutStyled, VitePWA(pwaOptions('dist'))],
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
