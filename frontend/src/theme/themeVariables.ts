import { alpha, darken, lighten, type Theme } from '@mui/material';
import { type Tone, TONES } from '../components/tones';

/** A palette path of TONES ('action.selected') read from the theme, or a colour as it is. */
function colourOf(theme: Theme, value: string): string {
  const [group, key] = value.split('.');
  const palette = theme.palette as unknown as Record<string, Record<string, string> | undefined>;
  return key !== undefined && palette[group]?.[key] !== undefined ? palette[group][key] : value;
}

/**
 * The theme as CSS variables on the page's root, for the member screens' repeated pieces (game cards, status pills)
 * styled by class from a CSS file instead of by MUI's `sx` per element: Emotion serialises and inserts each element's
 * styles at render time, which was most of the dashboard's render on a phone (docs/member-pages.md#bundle-web-app-weight).
 * Written from the theme in use, so the dark palette and a remote theme apply to them too.
 */
export function themeVariables(theme: Theme): Record<string, string> {
  const { palette, shape, typography } = theme;
  const tones = Object.entries(TONES).flatMap(([tone, { bgcolor, color }]) => [
    [`--tg-tone-${tone as Tone}-bg`, colourOf(theme, bgcolor)],
    [`--tg-tone-${tone as Tone}-fg`, colourOf(theme, color)],
  ]);
  return Object.fromEntries([
    ['--tg-font', String(typography.fontFamily)],
    ['--tg-radius', `${Number(shape.borderRadius)}px`],
    ['--tg-paper', palette.background.paper],
    ['--tg-text', palette.text.primary],
    ['--tg-text-secondary', palette.text.secondary],
    ['--tg-divider', palette.divider],
    // MUI's TableCell border, worked out from the divider as it does.
    ['--tg-table-border', palette.mode === 'light' ? lighten(alpha(palette.divider, 1), 0.88) : darken(alpha(palette.divider, 1), 0.68)],
    ['--tg-selected', palette.action.selected],
    ['--tg-primary', palette.primary.main],
    ['--tg-primary-selected', alpha(palette.primary.main, palette.action.selectedOpacity)],
    ['--tg-error', palette.error.main],
    ['--tg-text-disabled', palette.text.disabled],
    // The outlined fields' border (components/form/fields.css) and the native controls' own colours.
    ['--tg-field-border', palette.mode === 'dark' ? 'rgba(255, 255, 255, 0.35)' : 'rgba(0, 0, 0, 0.35)'],
    ['--tg-color-scheme', palette.mode],
    ['--tg-bg', palette.background.default],
    // The plain buttons, alerts and top bar of components/plain (plain.css), in MUI's colours for them.
    ...(['primary', 'secondary'] as const).flatMap((name) => [
      [`--tg-${name}-main`, palette[name].main],
      [`--tg-${name}-dark`, palette[name].dark],
      [`--tg-${name}-contrast`, palette[name].contrastText],
      [`--tg-${name}-hover`, alpha(palette[name].main, palette.action.hoverOpacity)],
      [`--tg-${name}-border`, alpha(palette[name].main, 0.5)],
    ]),
    ['--tg-inherit-hover', alpha(palette.text.primary, palette.action.hoverOpacity)],
    ['--tg-action-hover', palette.action.hover],
    ['--tg-disabled', palette.action.disabled],
    ['--tg-disabled-bg', palette.action.disabledBackground],
    // The top bar: the brand colour in light mode, the paper in dark (theme.tsx: AppBar without enableColorOnDark).
    ['--tg-bar-bg', palette.mode === 'dark' ? palette.background.paper : palette.primary.main],
    ['--tg-bar-fg', palette.mode === 'dark' ? palette.text.primary : palette.primary.contrastText],
    ['--tg-bar-border', palette.mode === 'dark' ? `1px solid ${palette.divider}` : '0'],
    // MUI's standard Alert: the text darkened (light mode) or lightened (dark) from the severity's light shade, the
    // background the other way, the icon in its main colour.
    ...(['error', 'warning', 'info', 'success'] as const).flatMap((name) => [
      [`--tg-alert-${name}-fg`, (palette.mode === 'light' ? darken : lighten)(palette[name].light, 0.6)],
      [`--tg-alert-${name}-bg`, (palette.mode === 'light' ? lighten : darken)(palette[name].light, 0.9)],
      [`--tg-alert-${name}-icon`, palette[name].main],
    ]),
    ...tones,
  ]);
}
