import type { BrowserContext, ConsoleMessage } from 'playwright-core';

/** Chromium's console line for anything a Content-Security-Policy refused. */
const CSP_CONSOLE = /Content[- ]Security[- ]Policy/i;

/**
 * Every Content-Security-Policy violation in a browser context: the `securitypolicyviolation` events of every page
 * and frame (reported through a binding the init script calls), and Chromium's console errors about the policy
 * (which also cover a frame the init script cannot reach, such as a sandboxed e-mail preview).
 */
export class CspWatch {
  private found: string[] = [];

  private constructor() {}

  static async on(context: BrowserContext): Promise<CspWatch> {
    const watch = new CspWatch();
    await context.exposeBinding('__reportCspViolation', (_source, line: string) => watch.found.push(line));
    await context.addInitScript(`(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const where = event.sourceFile ? ' at ' + event.sourceFile + ':' + event.lineNumber : '';
        const what = event.blockedURI || 'inline';
        window.__reportCspViolation(event.effectiveDirective + ' refused ' + what + where + ' on ' + event.documentURI + (event.sample ? ' [' + event.sample + ']' : ''));
      });
    })()`);
    const listen = (message: ConsoleMessage) => {
      if (CSP_CONSOLE.test(message.text())) watch.found.push(`console ${message.type()}: ${message.text()}`);
    };
    context.on('console', listen);
    return watch;
  }

  /** The violations seen since the last call, as readable lines; empty when there were none. */
  take(): string[] {
    const lines = this.found.map((line) => `CSP violation: ${line}`);
    this.found = [];
    return lines;
  }
}
