import type { CSSProperties, ReactNode } from 'react';
import { ErrorOutlineIcon, InfoOutlinedIcon, ReportProblemOutlinedIcon, SuccessOutlinedIcon } from './icons';
import './plain.css';

export type Severity = 'error' | 'warning' | 'info' | 'success';

const ICONS = { error: ErrorOutlineIcon, warning: ReportProblemOutlinedIcon, info: InfoOutlinedIcon, success: SuccessOutlinedIcon };

/**
 * MUI's standard Alert as plain elements (plain.css): the severity's icon and colours, `role="alert"` unless given
 * another role.
 */
export function PlainAlert({
  severity = 'success',
  icon,
  role = 'alert',
  className,
  style,
  children,
}: {
  severity?: Severity;
  /** Replaces the severity's icon. */
  icon?: ReactNode;
  role?: string;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const Icon = ICONS[severity];
  return (
    <div role={role} className={`tg-alert tg-alert--${severity}${className ? ` ${className}` : ''}`} style={style}>
      <div className="tg-alert__icon">{icon ?? <Icon fontSize="inherit" />}</div>
      <div className="tg-alert__message">{children}</div>
    </div>
  );
}
