/**
 * The Material icons of the top bar (the pages' own in pageIcons.tsx, the alerts' in PlainAlert.tsx), as inline SVG (the paths of @mui/icons-material):
 * MUI's icon components each bring SvgIcon and its styling into the page's first load. Decorative unless labelled.
 */
import './plain.css';

interface IconProps {
  /** `inherit`: the icon takes the surrounding font size (MUI's `fontSize="inherit"`). */
  fontSize?: 'inherit';
  className?: string;
}

export function icon(name: string, ...paths: string[]) {
  function Icon({ fontSize, className }: IconProps) {
    return (
      <svg
        className={`tg-icon${fontSize === 'inherit' ? ' tg-icon--inherit' : ''}${className ? ` ${className}` : ''}`}
        viewBox="0 0 24 24"
        focusable="false"
        aria-hidden="true"
        data-testid={`${name}Icon`}
      >
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  }
  Icon.displayName = `${name}Icon`;
  return Icon;
}

export const CloseIcon = /* @__PURE__ */ icon('Close', 'M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z');
export const MenuIcon = /* @__PURE__ */ icon('Menu', 'M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z');
export const DarkModeIcon = /* @__PURE__ */ icon(
  'DarkMode',
  'M12 3c-4.97 0-9 4.03-9 9s4.03 9 9 9 9-4.03 9-9c0-.46-.04-.92-.1-1.36-.98 1.37-2.58 2.26-4.4 2.26-2.98 0-5.4-2.42-5.4-5.4 0-1.81.89-3.42 2.26-4.4-.44-.06-.9-.1-1.36-.1',
);
export const LightModeIcon = /* @__PURE__ */ icon(
  'LightMode',
  'M12 7c-2.76 0-5 2.24-5 5s2.24 5 5 5 5-2.24 5-5-2.24-5-5-5M2 13h2c.55 0 1-.45 1-1s-.45-1-1-1H2c-.55 0-1 .45-1 1s.45 1 1 1m18 0h2c.55 0 1-.45 1-1s-.45-1-1-1h-2c-.55 0-1 .45-1 1s.45 1 1 1M11 2v2c0 .55.45 1 1 1s1-.45 1-1V2c0-.55-.45-1-1-1s-1 .45-1 1m0 18v2c0 .55.45 1 1 1s1-.45 1-1v-2c0-.55-.45-1-1-1s-1 .45-1 1M5.99 4.58c-.39-.39-1.03-.39-1.41 0-.39.39-.39 1.03 0 1.41l1.06 1.06c.39.39 1.03.39 1.41 0s.39-1.03 0-1.41zm12.37 12.37c-.39-.39-1.03-.39-1.41 0-.39.39-.39 1.03 0 1.41l1.06 1.06c.39.39 1.03.39 1.41 0 .39-.39.39-1.03 0-1.41zm1.06-10.96c.39-.39.39-1.03 0-1.41-.39-.39-1.03-.39-1.41 0l-1.06 1.06c-.39.39-.39 1.03 0 1.41s1.03.39 1.41 0zM7.05 18.36c.39-.39.39-1.03 0-1.41-.39-.39-1.03-.39-1.41 0l-1.06 1.06c-.39.39-.39 1.03 0 1.41s1.03.39 1.41 0z',
);
