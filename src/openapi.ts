import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiDocument, createApp } from './app.factory';
import { loadConfig } from './config/app-config';

/**
 * `npm run openapi` (after `nest build`): prints the API's OpenAPI document, from an app on a throwaway embedded
 * database that serves nothing. openapi-typescript turns it into the web app's types (frontend/src/api/schema.d.ts).
 */
async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tailgate-openapi-'));
  try {
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, JWT_SECRET: 'openapi-document-only-not-a-secret-0123456789', MAIL_OUTBOX: 'file', SCHEDULER_ENABLED: 'false' });
    const app = await createApp(config, { logger: false });
    await app.init();
    const document = apiDocument(app, 'Tailgate Picks');
    await app.close();
    process.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
