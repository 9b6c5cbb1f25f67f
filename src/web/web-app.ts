import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { webAppManifest } from './web-manifest';

/** Vite's build manifest: each source module's file, its CSS and the chunks it imports. */
type Manifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;

/**
 * The page module each route of the web app loads (frontend/src/App.tsx). Its chunks are announced in the page
 * itself, so the browser fetches them beside the entry instead of after it.
 */
const ROUTE_MODULES: [RegExp, string][] = [
  [/^\/login\/?$/, 'src/pages/LoginPage.tsx'],
  [/^\/register\/?$/, 'src/pages/RegisterPage.tsx'],
  [/^\/forgot-password\/?$/, 'src/pages/ForgotPasswordPage.tsx'],
  [/^\/reset-password\//, 'src/pages/ResetPasswordPage.tsx'],
  [/^\/dashboard\/?$/, 'src/pages/DashboardPage.tsx'],
  [/^\/profile\/?$/, 'src/pages/ProfilePage.tsx'],
  [/^\/results\/?$/, 'src/pages/ResultsPage.tsx'],
  [/^\/live\/?$/, 'src/pages/LivePage.tsx'],
  [/^\/survivor\/?$/, 'src/pages/SurvivorPage.tsx'],
  [/^\/second-factor\/setup\/?$/, 'src/pages/SecondFactorSetupPage.tsx'],
  [/^\/(admin(\/|$)|invites\/?$)/, 'src/admin/AdminApp.tsx'],
];

/**
 * The paths opened directly that get the light shell (frontend/account.html: plain React and CSS, no MUI) instead of
 * the app's page, when the build has one (docs/architecture.md, "Web app weight"). Inside the app the same paths
 * are the app's own routes.
 */
const LIGHT_SHELL_PATHS = /^\/login\/?$/;

/** The chunks a module needs, its own first, each once. */
function chunksOf(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const entry = manifest[key];
  if (!entry || seen.has(key)) return [];
  seen.add(key);
  return [entry.file, ...(entry.imports ?? []).flatMap((imported) => chunksOf(manifest, imported, seen))];
}

/** The CSS files of a module and of the chunks it imports, each once. */
function stylesOf(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const entry = manifest[key];
  if (!entry || seen.has(key)) return [];
  seen.add(key);
  return [...new Set([...(entry.css ?? []), ...(entry.imports ?? []).flatMap((imported) => stylesOf(manifest, imported, seen))])];
}

/**
 * index.html for a path: with modulepreload links for the chunks of the page that path shows, and its stylesheets
 * (the member pages' cards are styled from CSS files): loaded beside the entry, not only once the page's chunk is
 * imported, which would wait for them.
 */
export function pageFor(html: string, manifest: Manifest | null, path: string): string {
  const module = ROUTE_MODULES.find(([pattern]) => pattern.test(path))?.[1];
  if (!manifest || !module) return html;
  const entryChunks = new Set(chunksOf(manifest, 'index.html'));
  const entryStyles = new Set(stylesOf(manifest, 'index.html'));
  const styles = stylesOf(manifest, module)
    .filter((file) => !entryStyles.has(file))
    .map((file) => `<link rel="stylesheet" href="/${file}">`);
  const links = chunksOf(manifest, module)
    .filter((file) => !entryChunks.has(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  return html.replace('</head>', `${[...styles, ...links].join('')}</head>`);
}

/**
 * The built web app, when there is one: its files, and for every other GET outside /api its index.html (SPA
 * fallback, so deep links work on reload). Vite's hashed assets are cached for good; index.html never. The web
 * app's files go out compressed (a phone on a slow network waits for bytes); API answers are left as they are, so
 * the big JSON reads spend no server time compressing. All of it lives in its own Fastify context: the API's
 * routes never pass through its hooks. The web app manifest carries the pool's name (web-manifest.ts); the service
 * worker (/sw.js, built beside index.html) is checked on every visit (no-cache), so a deploy reaches it at once.
 */
export async function serveWebApp(app: NestFastifyApplication, dir: string, apiPrefix: string, appName = 'Tailgate Picks'): Promise<void> {
  const index = join(dir, 'index.html');
  if (!existsSync(index)) return;
  const html = readFileSync(index, 'utf8');
  const lightShellFile = join(dir, 'account.html');
  const lightShell = existsSync(lightShellFile) ? readFileSync(lightShellFile, 'utf8') : null;
  const manifestFile = join(dir, '.vite', 'manifest.json');
  const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest) : null;
  const pages = new Map<string, string>();
  const isApi = (path: string) => path === `/${apiPrefix}` || path.startsWith(`/${apiPrefix}/`);

  await app.register(async (web: FastifyInstance) => {
    await web.register(fastifyCompress, { encodings: ['gzip', 'deflate'] });
    // One route per built file (wildcard: false), so every other path reaches the fallback below.
    await web.register(fastifyStatic, {
      root: dir,
      index: false,
      wildcard: false,
      setHeaders: (reply, path) => reply.header('Cache-Control', path.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
    const webManifest = JSON.stringify(webAppManifest(appName));
    web.get('/manifest.webmanifest', async (_request: FastifyRequest, reply: FastifyReply) =>
      reply.header('Cache-Control', 'no-cache').type('application/manifest+json; charset=utf-8').send(webManifest),
    );
    web.get('/*', async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0];
      // An unknown API path is still an API answer: 404 in the errors shape, never the web app's page.
      if (isApi(path)) return reply.code(404).send({ errors: [`Cannot ${request.method} ${path}`] });
      const send = (page: string) => reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(page);
      // Vite already announces the light shell's few chunks in its own page.
      if (lightShell && LIGHT_SHELL_PATHS.test(path)) return send(lightShell);
      const module = ROUTE_MODULES.find(([pattern]) => pattern.test(path))?.[1] ?? '';
      if (!pages.has(module)) pages.set(module, pageFor(html, manifest, path));
      return send(pages.get(module)!);
    });
  });
}
