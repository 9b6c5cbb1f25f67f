import { Logger } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { createApp } from './app.factory';
import { ConfigError, loadConfig } from './config/app-config';

async function bootstrap(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const app = await createApp(config);
  await app.listen(config.port);
  Logger.log(`${config.appName} is serving on http://localhost:${config.port} (${config.database.type} database)`, 'Bootstrap');
}

void bootstrap();
