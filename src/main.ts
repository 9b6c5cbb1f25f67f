import { Logger } from '@nestjs/common';
import type { Server } from 'node:http';
import { existsSync } from 'node:fs';
import { AppConfig, ConfigError, loadConfig } from './config/app-config';
import { DatabaseStartupError, mysqlTarget, startupTimeoutMs, waitForDatabase } from './lifecycle/wait-for-database';
import { GracefulShutdown, HttpDrain, withoutSignalListeners } from './lifecycle/graceful-shutdown';

function configuration(): { config: AppConfig; databaseStartupTimeoutMs: number } {
  try {
    return { config: loadConfig(), databaseStartupTimeoutMs: startupTimeoutMs() };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

async function bootstrap(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const { config, databaseStartupTimeoutMs } = configuration();

  // A MySQL/MariaDB server that is not up yet (a host reboot, containers starting together) is waited for here,
  // with one log line per attempt, before anything else connects.
  if (config.database.type === 'mysql') {
    const logger = new Logger('Database');
    try {
      await waitForDatabase(mysqlTarget(config.database.url), { timeoutMs: databaseStartupTimeoutMs, log: (line) => logger.warn(line) });
    } catch (error) {
      if (!(error instanceof DatabaseStartupError)) throw error;
      logger.error(error.message);
      process.exit(1);
    }
  }

  // Loaded only now: a configuration error or an unreachable database is reported without loading the whole app.
  const { createApp } = await import('./app.factory');
  const app = await withoutSignalListeners(() => createApp(config));
  const logger = new Logger('Shutdown');
  const shutdown = new GracefulShutdown(app, new HttpDrain(app.getHttpServer() as Server), {
    log: (line) => logger.log(line),
    error: (line) => logger.error(line),
    exit: (code) => process.exit(code),
  });
  shutdown.listen();
  // Every interface, IPv6 and IPv4 (Fastify alone would listen on localhost only, unreachable in a container).
  await app.listen(config.port, '::');
  Logger.log(`${config.appName} is serving on http://localhost:${config.port} (${config.database.type} database)`, 'Bootstrap');
}

bootstrap().catch((error: unknown) => {
  new Logger('Bootstrap').error(`Could not start: ${(error as Error)?.message ?? error}`, (error as Error)?.stack);
  process.exit(1);
});
