import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { VitePWAOptions } from 'vite-plugin-pwa';

/** Vite's build manifest (build.manifest): each module's chunk, its styles and what it imports. */
type ViteManifest = Record<string, { file: string; css?: string[]; assets?: string[]; imports?: string[]; dynamicImports?: string[] }>;

/** The admin console: its chunks (react-admin, about a megabyte) are fetched when an admin opens it, never precached. */
const ADMIN_MODULE = 'src/admin/AdminApp.tsx';

/** The files the member's side can load: everything reachable from the page without entering the admin console. */
export function memberFiles(manifest: ViteManifest): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key) || key === ADMIN_MODULE) return;
    seen.add(key);
    [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])].forEach((file) => files.add(file));
    [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])].forEach(visit);
  };
  visit('index.html');
  return files;
}

/**
 * The service worker (src/pwa/sw.ts, docs/architecture.md): injectManifest, registered by src/pwa/register.ts and
 * updated on the member's "reload". The web app manifest is the server's (/manifest.webmanifest, with APP_NAME).
 */
export function pwaOptions(outDir: string): Partial<VitePWAOptions> {
  return {
    strategies: 'injectManifest',
    srcDir: 'src/pwa',
    filename: 'sw.ts',
    registerType: 'prompt',
    injectRegister: false,
    manifest: false,
    injectManifest: {
      globPatterns: ['**/*.{js,css,html,png,svg}'],
      // Built chunks outside the member's side (the admin console's) are left to the worker's runtime cache.
      manifestTransforms: [
        async (entries) => {
          const file = join(outDir, '.vite', 'manifest.json');
          if (!existsSync(file)) return { manifest: entries, warnings: [] };
          const member = memberFiles(JSON.parse(readFileSync(file, 'utf8')) as ViteManifest);
          return { manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || member.has(entry.url)), warnings: [] };
        },
      ],
    },
  };
}
