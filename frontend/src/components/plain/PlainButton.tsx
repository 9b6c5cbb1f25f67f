import { type ButtonHTMLAttributes, forwardRef, type ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import './plain.css';

export interface ButtonLook {
  variant?: 'text' | 'contained' | 'outlined';
  size?: 'small' | 'medium' | 'large';
  color?: 'primary' | 'secondary' | 'inherit';
  /** An icon before the label (MUI's `startIcon`). */
  startIcon?: ReactNode;
}

const classOf = ({ variant = 'text', size = 'medium', color = 'primary' }: ButtonLook, className?: string) =>
  [
    'tg-button',
    `tg-button--${variant}`,
    size !== 'medium' && `tg-button--${size}`,
    color !== 'primary' && `tg-button--${color}`,
    className,
  ]
    .filter(Boolean)
    .join(' ');

const label = (startIcon: ReactNode, children: ReactNode) => (
  <>
    {startIcon && <span className="tg-button__icon">{startIcon}</span>}
    {children}
  </>
);

/** A native button in the look of MUI's Button (plain.css), without its ripple and styling code. */
export const PlainButton = forwardRef<HTMLButtonElement, ButtonLook & ButtonHTMLAttributes<HTMLButtonElement>>(function PlainButton(
  { variant, size, color, startIcon, className, children, type = 'button', ...rest },
  ref,
) {
  return (
    <button ref={ref} type={type} className={classOf({ variant, size, color }, className)} {...rest}>
      {label(startIcon, children)}
    </button>
  );
});

/** A router link in the look of MUI's Button (`component={RouterLink}`). */
export function ButtonLink({ variant, size, color, startIcon, className, children, ...rest }: ButtonLook & LinkProps) {
  return (
    <Link className={classOf({ variant, size, color }, className)} {...rest}>
      {label(startIcon, children)}
    </Link>
  );
}
