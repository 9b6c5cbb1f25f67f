import type { Browser, BrowserContext, Page } from 'playwright-core';
import { CspWatch } from './csp-watch';
import { axeViolations, COLOUR_RULES, horizontalOverflow, Settler, ViewResult } from './screen-checks';

export type Theme = 'light' | 'dark';
export type Role = 'visitor' | 'member' | 'admin';

export interface Screen {
  name: string;
  role: Role;
  /** The address, read once the pool is seeded (tokens and ids come from the seed). */
  path: () => string;
  /** Waits for the screen to be up (a heading, data, a dialog opened). */
  ready: (page: Page) => Promise<void>;
  /** A dialog screen checks the dialog only: the page under it is a screen of its own. */
  scope?: string;
  /** A state only a phone has (a menu behind a button): checked at 390 px only. */
  phoneOnly?: boolean;
}

/** What the sweep has once its beforeAll has run: the browser, the app's address and the sessions by role. */
export interface Sweep {
  browser: Browser;
  base: string;
  sessions: Partial<Record<Role, { token: string; user: unknown }>>;
}

/**
 * One view of a screen for the sweep (test/browser/screens.browser-spec.ts): the screen opened in a role, a theme
 * and a viewport, then checked for overflow, axe violations and Content-Security-Policy violations.
 */
export function screenViews(sweep: () => Sweep) {
  /** One context and page per role, theme and viewport, reused by every screen. */
  const pages = new Map<string, { context: BrowserContext; page: Page; settler: Settler; csp: CspWatch }>();

  /** The page of a role in a theme at a size: the theme (and the session) put in localStorage before the app starts. */
  async function pageFor(role: Role, theme: Theme, viewport: { width: number; height: number }) {
    const key = `${role}/${theme}/${viewport.width}`;
    let entry = pages.get(key);
    if (!entry) {
      const context = await sweep().browser.newContext({ colorScheme: theme, viewport });
      const session = sweep().sessions[role as 'member' | 'admin'];
      await context.addInitScript(
        ({ theme: mode, session: stored }) => {
          try {
            const storage = (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }).localStorage;
            storage.setItem('themeMode', mode);
            if (stored) {
              storage.setItem('token', stored.token);
              storage.setItem('user', JSON.stringify(stored.user));
            }
          } catch {
            // A sandboxed frame (the e-mail preview) has no storage.
          }
        },
        { theme, session: session ?? null },
      );
      const csp = await CspWatch.on(context);
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      entry = { context, page, settler: new Settler(page), csp };
      pages.set(key, entry);
    }
    return entry;
  }

  async function view(screen: Screen, theme: Theme, viewport: { width: number; height: number }): Promise<ViewResult> {
    const { page, settler, csp } = await pageFor(screen.role, theme, viewport);
    const path = screen.path();
    const result: ViewResult = { viewport: `${viewport.width}×${viewport.height}`, theme, url: path, errors: [], overflow: null, axe: [], ms: {} };
    let mark = Date.now();
    const lap = (what: string) => {
      result.ms![what] = Date.now() - mark;
      mark = Date.now();
    };
    try {
      await page.goto(`${sweep().base}${path}`);
      lap('goto');
      await screen.ready(page);
      lap('load');
    } catch (error) {
      result.errors.push(`did not come up: ${(error as Error).message.split('\n')[0]}`);
    }
    const landed = new URL(page.url());
    const expected = new URL(`${sweep().base}${path}`);
    if (landed.pathname !== expected.pathname) result.errors.push(`landed on ${landed.pathname} instead of ${expected.pathname}`);
    try {
      await settler.settle(page);
      lap('settle');
      // The theme took: the page's background is light or dark as asked.
      const background = (await page.evaluate('getComputedStyle(document.body).backgroundColor')) as string;
      const [r, g, b] = (background.match(/\d+(\.\d+)?/g) ?? ['0', '0', '0']).map(Number);
      const dark = 0.2126 * r + 0.7152 * g + 0.0722 * b < 128;
      if (dark !== (theme === 'dark')) result.errors.push(`the page background is ${background}, not a ${theme} theme`);
      if (screen.scope && (await page.locator(screen.scope).count()) === 0) {
        result.errors.push(`nothing to check: no ${screen.scope} on the page`);
        return result;
      }
      result.overflow = await horizontalOverflow(page, screen.scope);
      lap('overflow');
      // The markup is the same in both themes: the light theme runs every rule, the dark one those that read colours.
      result.axe = await axeViolations(page, screen.scope, { rules: theme === 'light' ? undefined : COLOUR_RULES });
      lap('axe');
    } catch (error) {
      result.errors.push(`the checks failed: ${(error as Error).message.split('\n')[0]}`);
    } finally {
      // The app ran under the server's Content-Security-Policy: nothing it needed was refused.
      result.errors.push(...csp.take());
    }
    return result;
  }

  return { view };
}
