import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { LoginState } from '../session/login';
import { useSession } from '../session/session';

/** Protected routes need a session; without one the visitor goes to /login (docs/product.md#screens). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { token } = useSession();
  const location = useLocation();
  if (!token) return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` } satisfies LoginState} />;
  return <>{children}</>;
}

/** Admin-only routes send everyone else to /dashboard (and visitors without a session to /login). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { token, user } = useSession();
  const location = useLocation();
  if (!token) return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` } satisfies LoginState} />;
  if (user?.role !== 'admin') return <Navigate to="/dashboard" replace />;
  return <>{children}</>;
}
