import './plain.css';

const SIZE = 44;
const THICKNESS = 3.6;

/**
 * MUI's indeterminate CircularProgress as a plain SVG (plain.css). A progressbar unless hidden; `inherit` takes the
 * surrounding colour instead of the primary one.
 */
export function Spinner({ size = 40, inherit = false, ...aria }: { size?: number; inherit?: boolean; 'aria-hidden'?: boolean; 'aria-label'?: string }) {
  return (
    <span
      className={`tg-spinner${inherit ? ' tg-spinner--inherit' : ''}`}
      style={{ width: size, height: size }}
      role={aria['aria-hidden'] ? undefined : 'progressbar'}
      {...aria}
    >
      <svg viewBox={`${SIZE / 2} ${SIZE / 2} ${SIZE} ${SIZE}`} style={{ display: 'block' }}>
        <circle cx={SIZE} cy={SIZE} r={(SIZE - THICKNESS) / 2} fill="none" strokeWidth={THICKNESS} />
      </svg>
    </span>
  );
}

/** A page's or section's loading state: the spinner centred, with room around it. */
export function Loading(props: { role?: string; 'aria-label'?: string }) {
  return (
    <div className="tg-loading" {...props}>
      <Spinner aria-hidden />
    </div>
  );
}
