import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { DataSource } from 'typeorm';
import { loadConfig } from '../config/app-config';
import { dataSourceOptions } from './data-source-options';
import { DEMO_PASSWORD, seed } from './seeds/demo-seed';

/** `npm run seed`: the FBS conferences and teams, and a demo season with members and picks. Safe to run again. */
async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const dataSource = new DataSource(await dataSourceOptions(config.database));
  await dataSource.initialize();
  try {
    await dataSource.runMigrations();
    const summary = await dataSource.transaction((manager) => seed(manager));
    console.log(`Seeded ${summary.conferences} conferences and ${summary.teams} teams.`);
    console.log(
      summary.seasonCreated
        ? `Created the season "${summary.season}" with ${summary.picks} picks by ${summary.members} members.`
        : `The season "${summary.season}" already exists; left as it is.`,
    );
    console.log(`Demo members log in as jordan@example.com, casey@example.com, ... with the password "${DEMO_PASSWORD}".`);
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
