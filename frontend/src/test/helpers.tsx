import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { session, type SessionUser } from '../session/session';
import { ThemeModeProvider } from '../theme/theme';

/** A JWT with the given expiry (the signature is not checked by the browser). */
export function fakeToken(expSeconds = Math.floor(Date.now() / 1000) + 3600): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 1, exp: expSeconds })}.signature`;
}

export const MEMBER: SessionUser = { id: 7, email: 'fan@pool.test', name: 'Fan', role: 'user', admin: false };
export const ADMIN: SessionUser = { id: 1, email: 'admin@pool.test', name: 'Admin', role: 'admin', admin: true };

export function signIn(user: SessionUser = MEMBER): void {
  session.start(fakeToken(), user);
}

/** Renders inside the app's theme and a router at `path`. */
export function renderAt(element: ReactElement, path = '/') {
  return render(
    <ThemeModeProvider>
      <MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>
    </ThemeModeProvider>,
  );
}

/** A fetch stub answering by "METHOD /path" (query string ignored unless the key has one). */
export function stubApi(routes: Record<string, unknown | ((body: unknown) => { status: number; body: unknown })>) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    const key = routes[`${method} ${url}`] !== undefined ? `${method} ${url}` : `${method} ${url.split('?')[0]}`;
    const route = routes[key];
    if (route === undefined) return new Response(JSON.stringify({ errors: [`Cannot ${method} ${url}`] }), { status: 404 });
    const answer = typeof route === 'function' ? (route as (body: unknown) => { status: number; body: unknown })(body) : { status: 200, body: route };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchStub);
  return { calls, fetch: fetchStub };
}
