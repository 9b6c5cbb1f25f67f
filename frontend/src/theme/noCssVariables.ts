/**
 * What MUI's `createTheme` gets as `createThemeWithVars` in the build (a plugin in vite.config.ts): `createTheme`
 * calls it only for a theme with CSS variables, and no theme here has them (the app's are made without options for
 * them, a remote one with `cssVariables: false`; the admin console's the same), so MUI's CSS-variables theme builder
 * (about 4 KiB gzipped) stays out of every page. Throws if a theme with CSS variables is ever asked for.
 */
export default function createThemeWithVars(): never {
  throw new Error('Themes with CSS variables are left out of the build (src/theme/noCssVariables.ts)');
}
