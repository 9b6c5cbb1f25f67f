import type { AxeResults } from 'axe-core';
import { createRequire } from 'node:module';
import type { Frame, Page, Request } from 'playwright-core';

/**
 * The checks of the screen sweep (screens.browser-spec.ts), one view (screen × viewport × theme) at a time:
 * nothing wider than the viewport, and no axe-core violation of WCAG 2.0/2.1/2.2 level A and AA.
 */

/** axe-core's tags for the WCAG 2.x success criteria of levels A and AA. */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface OverflowOffender {
  /** A CSS-ish path: tag, id, role, aria-label and MUI class names of the element and a few ancestors. */
  path: string;
  text: string;
  left: number;
  right: number;
  width: number;
}

export interface Overflow {
  viewportWidth: number;
  documentWidth: number;
  /** document.documentElement.scrollWidth > window.innerWidth (not asked of a dialog). */
  documentTooWide?: boolean;
  /** The innermost elements that end past the viewport's right edge, unclipped, furthest first (at most 3). */
  deepest: OverflowOffender[];
  /** The outermost such elements, widest first (at most 2): usually the container that should have wrapped. */
  outermost: OverflowOffender[];
  total: number;
}

export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string; path?: string; detail: string }[];
}

export interface ViewResult {
  viewport: string;
  theme: 'light' | 'dark';
  url: string;
  /** The screen did not come up as expected (a heading, a dialog, the address). */
  errors: string[];
  overflow: Overflow | null;
  axe: AxeViolation[];
  /** Milliseconds each step took (load, settle, overflow, axe), for SCREEN_SWEEP_OUT. */
  ms?: Record<string, number>;
}

/** In-page helpers (JavaScript source): a readable CSS-ish path of an element. */
const PATH_FUNCTIONS = `
  const segment = (el) => {
    let s = el.tagName.toLowerCase();
    if (stableId(el)) return s + '#' + el.id;
    const role = el.getAttribute('role');
    if (role) s += '[role="' + role + '"]';
    const label = el.getAttribute('aria-label');
    if (label) s += '[aria-label="' + label.slice(0, 40) + '"]';
    const classes = Array.from(el.classList).filter((c) => /^Mui[A-Z][A-Za-z]*-(root|paper|container|toolbar|content|body|head|row|cell|list|label|input)$/.test(c) || /^(RaLayout|Ra[A-Z][A-Za-z]*)-[a-z]+$/.test(c)).slice(0, 2);
    if (classes.length) s += '.' + classes.join('.');
    const parent = el.parentElement;
    if (parent) {
      const same = Array.from(parent.children).filter((c) => c.tagName === el.tagName);
      if (same.length > 1) s += ':nth-of-type(' + (same.indexOf(el) + 1) + ')';
    }
    return s;
  };
  const stableId = (el) => el.id && !el.id.includes(':') && !/^mui-|^\\d/.test(el.id);
  /** Where a path may start: an element with a stable id, a landmark or a dialog, something labelled. */
  const anchor = (el) => stableId(el) || /^(NAV|HEADER|MAIN|ASIDE|FOOTER|FORM)$/.test(el.tagName) || el.getAttribute('role') === 'dialog' || el.hasAttribute('aria-label');
  const path = (el) => {
    const parts = [];
    for (let node = el; node && node !== document.body && parts.length < 6; node = node.parentElement) {
      parts.unshift(segment(node));
      if (anchor(node)) return parts.join(' > ');
    }
    return (parts.length === 6 ? '… > ' : 'body > ') + parts.join(' > ');
  };
`;

/**
 * Runs in the page (as a string: the test project is compiled without the DOM library). An element overflows when
 * it is rendered, ends past the viewport's right edge, and no scrolling or clipping ancestor inside the viewport
 * holds it (a table that scrolls inside its own box is fine; html and body do not count as holders, so content
 * cut off by a scroll lock still shows).
 */
const OVERFLOW_SCRIPT = `((scope) => {
  const vw = window.innerWidth;
  const root = document.documentElement;
${PATH_FUNCTIONS}
  const held = (el) => {
    for (let a = el.parentElement; a && a !== document.body && a !== root; a = a.parentElement) {
      if (getComputedStyle(a).overflowX !== 'visible' && a.getBoundingClientRect().right <= vw + 1) return true;
    }
    return false;
  };
  const offenders = [];
  const within = scope ? Array.from(document.querySelectorAll(scope)) : [document.body];
  for (const el of within.flatMap((top) => [top, ...top.querySelectorAll('*')])) {
    if (el === document.body) continue;
    const r = el.getBoundingClientRect();
    if (r.right <= vw + 1 || r.width === 0 || r.height === 0) continue;
    if (el.checkVisibility && !el.checkVisibility({ visibilityProperty: true })) continue;
    if (held(el)) continue;
    offenders.push(el);
  }
  const set = new Set(offenders);
  const hasOffendingChild = new Set();
  const outer = [];
  for (const el of offenders) {
    let top = true;
    for (let a = el.parentElement; a; a = a.parentElement) {
      if (set.has(a)) { hasOffendingChild.add(a); top = false; }
    }
    if (top) outer.push(el);
  }
  const describe = (el) => {
    const r = el.getBoundingClientRect();
    return { path: path(el), text: (el.innerText || el.getAttribute('aria-label') || '').trim().replace(/\\s+/g, ' ').slice(0, 50), left: Math.round(r.left), right: Math.round(r.right), width: Math.round(r.width) };
  };
  const deepest = offenders.filter((el) => !hasOffendingChild.has(el)).sort((a, b) => b.getBoundingClientRect().right - a.getBoundingClientRect().right);
  outer.sort((a, b) => b.getBoundingClientRect().width - a.getBoundingClientRect().width);
  return {
    viewportWidth: vw,
    documentWidth: root.scrollWidth,
    deepest: deepest.slice(0, 3).map(describe),
    outermost: outer.slice(0, 2).map(describe),
    total: offenders.length,
  };
})`;

/**
 * Horizontal overflow of the page as it is now, or null when everything fits. With a scope (a dialog's selector),
 * only the elements in it count: the page under a dialog is checked as a screen of its own.
 */
export async function horizontalOverflow(page: Page, scope?: string): Promise<Overflow | null> {
  const overflow = (await page.evaluate(`${OVERFLOW_SCRIPT}(${JSON.stringify(scope ?? null)})`)) as Overflow;
  overflow.documentTooWide = !scope && overflow.documentWidth > overflow.viewportWidth;
  return overflow.documentTooWide || overflow.total > 0 ? overflow : null;
}

/** axe-core's source, from the copy @axe-core/playwright depends on (injected into the page as is). */
const AXE_SOURCE = (createRequire(require.resolve('@axe-core/playwright'))('axe-core') as { source: string }).source;

/** The rules whose outcome depends on the colours, so on the theme: everything else reads only the markup. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

export interface AxeCheck {
  /** Only these rules (e.g. COLOUR_RULES in the second theme); otherwise every WCAG 2.x A and AA rule. */
  rules?: string[];
}

/**
 * The page's axe-core violations of WCAG 2.x A and AA ("needs review" results are left out); with a scope (a dialog's
 * selector), only in it. axe runs in the page itself (axe.run, `resultTypes: ['violations']`), and in each child
 * frame on its own. @axe-core/playwright's AxeBuilder was 3 to 8 times slower: its runPartial builds a unique
 * selector for every node that passes (quadratic on a long list), and it merges the results in a new page per run.
 */
export async function axeViolations(page: Page, scope?: string, check: AxeCheck = {}): Promise<AxeViolation[]> {
  const options = {
    runOnly: check.rules ? { type: 'rule', values: check.rules } : { type: 'tag', values: WCAG_AA_TAGS },
    resultTypes: ['violations'],
    iframes: false,
    elementRef: false,
  };
  const violations: AxeViolation[] = [];
  for (const frame of page.frames()) {
    if (frame !== page.mainFrame()) {
      // A child frame (an e-mail preview) is checked on its own when it is in the checked part of the page.
      const owner = await frame.frameElement().catch(() => null);
      if (!owner || (scope && !(await owner.evaluate(`(el) => !!el.closest(${JSON.stringify(scope)})`)))) continue;
    }
    // axe's context as JavaScript: the scope's elements, or the whole document.
    const context = frame === page.mainFrame() && scope ? JSON.stringify({ include: [scope] }) : 'document';
    violations.push(...(await frameViolations(frame, context, options)));
  }
  return violations;
}

async function frameViolations(frame: Frame, context: string, options: object): Promise<AxeViolation[]> {
  if (!(await frame.evaluate('typeof window.axe === "object"'))) await frame.evaluate(AXE_SOURCE);
  const results = (await frame.evaluate(`axe.run(${context}, ${JSON.stringify(options)})`)) as AxeResults;
  const violations: AxeViolation[] = [];
  for (const violation of results.violations) {
    // axe's selectors are short and unique, not always telling ("ul"): the first few nodes get a path too.
    const selectors = violation.nodes.slice(0, REPORTED_NODES).map((node) => (node.target.length === 1 ? String(node.target[0]) : null));
    const paths = (await frame.evaluate(`${PATHS_SCRIPT}(${JSON.stringify(selectors)})`)) as (string | null)[];
    violations.push({
      id: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      nodes: violation.nodes.map((node, index) => ({
        target: readableSelector(node.target.map(String).join(' ')),
        path: paths[index] ?? undefined,
        detail: nodeDetail(node),
      })),
    });
  }
  return violations;
}

const REPORTED_NODES = 5;
const PATHS_SCRIPT = `((selectors) => {
  ${PATH_FUNCTIONS}
  return selectors.map((selector) => {
    try {
      const el = selector && document.querySelector(selector);
      return el ? path(el) : null;
    } catch {
      return null;
    }
  });
})`;

/** axe's selector without Emotion's generated class names (css-1p6ntod), which change with every style edit. */
const readableSelector = (selector: string) => selector.replace(/\.css-[a-z0-9]+/g, '');

interface AxeNode {
  any: { data?: unknown; message: string }[];
  all: { message: string }[];
  none: { message: string }[];
}

/** The colours and ratio of a contrast failure; otherwise axe's first message for the node. */
function nodeDetail(node: AxeNode): string {
  const contrast = node.any.find((check) => {
    const data = check.data as { contrastRatio?: number } | undefined;
    return typeof data?.contrastRatio === 'number';
  })?.data as { fgColor: string; bgColor: string; contrastRatio: number; expectedContrastRatio: string } | undefined;
  if (contrast) return `${contrast.contrastRatio}:1, needs ${contrast.expectedContrastRatio}; ${contrast.fgColor} on ${contrast.bgColor}`;
  return [...node.all, ...node.none, ...node.any][0]?.message ?? '';
}

/**
 * Waits until the page has had no request in flight for `quietMs` (at most `timeoutMs`), then until its CSS
 * transitions and finite animations have run (a dialog's fade, a drawer's slide). The screens' `ready` already waited
 * for their content: the quiet time only has to span a response and the request its render starts, 100 ms (it was
 * 250 ms, a quarter of a second spent on every view).
 */
export class Settler {
  private readonly inFlight = new Set<Request>();
  private lastChange = Date.now();

  constructor(page: Page) {
    page.on('request', (request) => this.change(() => this.inFlight.add(request)));
    page.on('requestfinished', (request) => this.change(() => this.inFlight.delete(request)));
    page.on('requestfailed', (request) => this.change(() => this.inFlight.delete(request)));
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) this.change(() => this.inFlight.clear());
    });
  }

  private change(apply: () => void) {
    apply();
    this.lastChange = Date.now();
  }

  async settle(page: Page, quietMs = 100, timeoutMs = 8000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline && (this.inFlight.size > 0 || Date.now() - this.lastChange < quietMs)) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await page.evaluate(`Promise.race([
      Promise.all(document.getAnimations()
        .filter((a) => a.playState === 'running' && a.effect && a.effect.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]).then(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))`);
  }
}

/** One view's problems as readable lines; empty when it passes. */
export function describeView(view: ViewResult): string[] {
  const lines: string[] = [...view.errors];
  const { overflow } = view;
  if (overflow) {
    lines.push(
      overflow.documentTooWide
        ? `overflow: the document is ${overflow.documentWidth} px wide in a ${overflow.viewportWidth} px viewport (${overflow.total} element(s) end past the right edge)`
        : `overflow: ${overflow.total} element(s) end past the right edge of the ${overflow.viewportWidth} px viewport (cut off, not scrollable)`,
    );
    for (const element of overflow.outermost) lines.push(`  outermost: ${offenderText(element)}`);
    for (const element of overflow.deepest) lines.push(`  deepest:   ${offenderText(element)}`);
  }
  for (const violation of view.axe) {
    lines.push(`axe ${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.length} element(s)`);
    for (const node of violation.nodes.slice(0, REPORTED_NODES)) {
      const at = node.path && node.path.replace(/^body > /, '') !== node.target ? `  at ${node.path}` : '';
      lines.push(`  ${node.target}${at}${node.detail ? `  [${node.detail}]` : ''}`);
    }
    if (violation.nodes.length > REPORTED_NODES) lines.push(`  … and ${violation.nodes.length - REPORTED_NODES} more`);
  }
  return lines;
}

const offenderText = (element: OverflowOffender) =>
  `${element.path}${element.text ? ` "${element.text}"` : ''} (x ${element.left}–${element.right}, ${element.width} px wide)`;
