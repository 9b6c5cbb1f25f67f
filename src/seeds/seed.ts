import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { DataSource } from 'typeorm';
import { CachedReads } from '../database/cached-reads';
import { loadConfig } from '../config/app-config';
import { Clock } from '../common/clock';
import { SeasonResultsService } from '../results/season-results.service';
import { WeeklyResultsService } from '../results/weekly-results.service';
import { FootballSeason } from '../seasons/entities/football-season.entity';
import { Week } from '../seasons/weeks/entities/week.entity';
import { dataSourceOptions } from '../schema/data-source-options';
import { DEMO_PASSWORD, seed } from './demo-seed';
import { MissingFixturesError, readRealGames } from './real-schedule';

/**
 * `npm run seed`: the FBS conferences and teams, and a demo season built from the real 2025 games with members and
 * picks. Safe to run again. Run from a checkout: it reads the games from test/fixtures/providers.
 */
async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  // Before the database is touched: without the real games (a checkout's test/fixtures) there is nothing to seed.
  const sources = readRealGames();
  const dataSource = new DataSource(await dataSourceOptions(config.database));
  await dataSource.initialize();
  try {
    await dataSource.runMigrations();
    const summary = await dataSource.transaction((manager) => seed(manager, new Date(), sources));
    if (summary.seasonCreated) await calculateFinishedWeeks(dataSource, summary.season);
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

/** The finished weeks' results and the standings, so the demo pool's leaderboards are filled from the start. */
async function calculateFinishedWeeks(dataSource: DataSource, seasonName: string): Promise<void> {
  const clock = new Clock();
  const weekly = new WeeklyResultsService(dataSource, clock);
  const season = await dataSource.getRepository(FootballSeason).findOneByOrFail({ name: seasonName });
  const weeks = await dataSource.getRepository(Week).find({ where: { football_season_id: season.id }, order: { number: 'ASC' } });
  let calculated = 0;
  for (const week of weeks) {
    if (!(await weekly.isComplete(week.id))) continue;
    await weekly.calculate(week.id);
    calculated += 1;
  }
  await new SeasonResultsService(dataSource, clock, new CachedReads(dataSource)).calculate(season.id);
  console.log(`Calculated the results of ${calculated} finished weeks and the season standings.`);
}

main().catch((error) => {
  console.error(error instanceof MissingFixturesError ? error.message : error);
  process.exit(1);
});
