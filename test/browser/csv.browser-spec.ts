import { readFile } from 'node:fs/promises';
import { Browser, chromium, Page } from 'playwright-core';
import { Game } from '../../src/games/entities/game.entity';
import { createConference, createGame, createSeason, createTeam, createWeek } from '../support/factories';
import { ADMIN, TestApp } from '../support/test-app';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { horizontalOverflow } from './screen-checks';

/**
 * The spreadsheet round trip in Chromium (docs/admin-console.md "CSV files", docs/imports.md "CSV"): the admin
 * downloads the listed week's games from Manage Games, moves one kickoff in the file, follows the link to Import
 * Games, uploads the file with the CSV provider, sees that game alone as changed in the preview, and applies. Then the teams: Export CSV, and the same file back through Import CSV changes nothing.
 * On a phone: Import Games explains the columns, gives the chosen week's template, and takes a spreadsheet's date.
 */
jest.setTimeout(180_000);

const HOUR_MS = 3600 * 1000;
/** Whole hours, so the file's kickoffs (to the second) read back as the stored ones. */
const hoursAhead = (hours: number) => new Date((Math.ceil(Date.now() / HOUR_MS) + hours) * HOUR_MS);
/** The file's form of a kickoff: ISO 8601 UTC without milliseconds. */
const fileDate = (date: Date) => date.toISOString().replace('.000Z', 'Z');

describe('A week as CSV in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let seasonId: number;
  let seasonName: string;
  let weekId: number;
  let games: Game[];

  beforeAll(async () => {
    t = await TestApp.start();
    await t.app.listen(0, '127.0.0.1');
    base = await t.app.getUrl();
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

    const season = await createSeason(t.dataSource, { name: 'Fall Season', is_current: true });
    seasonId = season.id;
    seasonName = season.name;
    weekId = (await createWeek(t.dataSource, { football_season_id: season.id, number: 1, is_current: true })).id;
    const conference_id = (await createConference(t.dataSource, { name: 'Test Conference' })).id;
    const [army, navy, rice, tulane, temple, tulsa] = await Promise.all(
      ['Army', 'Navy', 'Rice', 'Tulane', 'Temple', 'Tulsa'].map((name) => createTeam(t.dataSource, { name, conference_id })),
    );
    games = [
      await createGame(t.dataSource, { week_id: weekId, away_team_id: army.id, home_team_id: navy.id, game_date: hoursAhead(48), is_tiebreaker: true, betting_line: 3.5, betting_line_team: 'home' }),
      await createGame(t.dataSource, { week_id: weekId, away_team_id: rice.id, home_team_id: tulane.id, game_date: hoursAhead(50) }),
      await createGame(t.dataSource, { week_id: weekId, away_team_id: temple.id, home_team_id: tulsa.id, game_date: hoursAhead(52), betting_line: 7, betting_line_team: 'away' }),
    ];
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** A page of the console, signed in as the admin, that accepts downloads. */
  async function signedInPage(viewport = { width: 1400, height: 1000 }): Promise<Page> {
    const page = await browser.newPage({ viewport, acceptDownloads: true });
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${base}/admin`);
    return page;
  }

  it('downloads the week, takes the edited file back on Import Games, and changes only the game it moved', async () => {
    const page = await signedInPage();

    // Manage Games opens on the current week; the file comes through the API client with the server's name.
    await page.goto(`${base}/admin/games`);
    await page.getByRole('row').filter({ hasText: 'Rice @ Tulane' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`${seasonName} week 1 games.csv`);
    expect(download.url()).toMatch(/^blob:/);
    const text = await readFile((await download.path())!, 'utf8');
    expect(text.startsWith('\uFEFFgame_id,game_date,away_team,home_team')).toBe(true);

    // The spreadsheet's edit: Rice at Tulane kicks off two hours later.
    const moved = games[1];
    const newKickoff = new Date(moved.game_date.getTime() + 2 * HOUR_MS);
    const lines = text.split(/\r?\n/);
    const row = lines.findIndex((line) => line.startsWith(`${moved.id},`));
    expect(lines[row]).toContain(`,${fileDate(moved.game_date)},Rice,Tulane,`);
    lines[row] = lines[row].replace(fileDate(moved.game_date), fileDate(newKickoff));
    const edited = lines.join('\n');

    // The hint beside the button opens Import Games on the same week.
    await page.getByRole('link', { name: 'Edit it in a spreadsheet, then upload it on Import Games' }).click();
    await page.getByRole('heading', { name: 'Import Games', level: 1 }).waitFor();
    expect(new URL(page.url()).searchParams.get('week_id')).toBe(String(weekId));
    await page.getByRole('combobox', { name: 'Week' }).filter({ hasText: 'Week 1' }).waitFor();
    // The link opened the page with the CSV provider chosen.
    expect(await page.getByRole('radio', { name: 'CSV file' }).isChecked()).toBe(true);
    await page.getByLabel('Week CSV file').setInputFiles({ name: 'week 1 edited.csv', mimeType: 'text/csv', buffer: Buffer.from(edited, 'utf8') });
    await page.getByText('week 1 edited.csv').waitFor();
    await page.getByRole('button', { name: 'Preview', exact: true }).click();

    const table = page.getByRole('table', { name: 'Games from the provider' });
    await table.waitFor();
    const previewRow = (matchup: string) => table.getByRole('row').filter({ hasText: matchup });
    await previewRow('Rice @ Tulane').getByText('Changed', { exact: true }).waitFor();
    expect(await previewRow('Army @ Navy').getByText('Unchanged', { exact: true }).count()).toBe(1);
    expect(await previewRow('Temple @ Tulsa').getByText('Unchanged', { exact: true }).count()).toBe(1);
    expect(await table.getByText('Changed', { exact: true }).count()).toBe(1);
    await page.getByRole('status').filter({ hasText: /3 games selected · tiebreaker: Army @ Navy/ }).waitFor();

    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Created 0 games, updated 1, removed 0').waitFor();

    // What the database holds: the one kickoff moved, the others, the line and the tiebreaker as they were.
    const stored = await t.dataSource.getRepository(Game).find({ where: { week_id: weekId }, order: { id: 'ASC' } });
    expect(stored.map((game) => ({ id: game.id, game_date: game.game_date.toISOString(), is_tiebreaker: game.is_tiebreaker, betting_line: game.betting_line }))).toEqual([
      { id: games[0].id, game_date: games[0].game_date.toISOString(), is_tiebreaker: true, betting_line: 3.5 },
      { id: moved.id, game_date: newKickoff.toISOString(), is_tiebreaker: false, betting_line: null },
      { id: games[2].id, game_date: games[2].game_date.toISOString(), is_tiebreaker: false, betting_line: 7 },
    ]);
    await page.close();
  });

  it('exports the teams and takes the same file back: nothing created, nothing updated', async () => {
    const page = await signedInPage();
    await page.goto(`${base}/admin/teams`);
    await page.getByRole('row').filter({ hasText: 'Tulsa' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('teams.csv');
    const file = await readFile((await download.path())!);
    expect(file.toString('utf8').split(/\r?\n/).filter((line) => line.includes('Test Conference'))).toHaveLength(6);

    // "Import CSV" opens the file chooser; the same file goes back in unchanged.
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Import CSV' }).click()]);
    await chooser.setFiles({ name: 'teams.csv', mimeType: 'text/csv', buffer: file });
    await page.getByText('Teams imported: 0 created, 0 updated, 6 unchanged').waitFor();
    await page.close();
  });

  it("on a phone, explains the columns, downloads the chosen week's template and imports a spreadsheet's date in the pool time zone", async () => {
    const week2 = await createWeek(t.dataSource, { football_season_id: seasonId, number: 2 });
    const page = await signedInPage({ width: 390, height: 844 });
    await page.goto(`${base}/admin/import?provider=csv`);
    await page.getByRole('heading', { name: 'Import Games', level: 1 }).waitFor();
    await page.getByRole('combobox', { name: 'Week' }).filter({ hasText: 'Week 1' }).waitFor();
    await page.getByRole('combobox', { name: 'Week' }).selectOption(String(week2.id));

    // The week chosen on the page is the template's: a week without games gives the columns alone.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download template for Week 2' }).click()]);
    expect(download.suggestedFilename()).toBe(`${seasonName} week 2 games.csv`);
    const template = await readFile((await download.path())!, 'utf8');
    expect(template).toBe('\uFEFFgame_id,game_date,away_team,home_team,away_rank,home_rank,betting_line,betting_line_team,is_tiebreaker,status,away_score,home_score,name\n');

    await page.getByRole('button', { name: 'CSV columns' }).click();
    await page.getByRole('term').filter({ hasText: 'home_team' }).waitFor();
    await page.getByText(/Times without a zone are in America\/New_York/).waitFor();
    expect(await horizontalOverflow(page)).toBeNull();

    // The template filled in as a US spreadsheet writes a date: 7:30 PM in New York on a September Saturday is EDT.
    const filled = `${template}${',9/4/2027 7:30 pm,Navy,Temple,,,3.5,home,yes,,,,'}\n`;
    await page.getByLabel('Week CSV file').setInputFiles({ name: 'week 2.csv', mimeType: 'text/csv', buffer: Buffer.from(filled, 'utf8') });
    await page.getByText('week 2.csv').waitFor();
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const table = page.getByRole('table', { name: 'Games from the provider' });
    await table.getByRole('row').filter({ hasText: 'Navy @ Temple' }).getByText('New', { exact: true }).waitFor();
    await page.getByRole('status').filter({ hasText: '1 game selected · tiebreaker: Navy @ Temple' }).waitFor();
    expect(await horizontalOverflow(page)).toBeNull();
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Created 1 game, updated 0, removed 0').waitFor();

    const stored = await t.dataSource.getRepository(Game).find({ where: { week_id: week2.id } });
    expect(stored.map((game) => ({ game_date: game.game_date.toISOString(), betting_line: game.betting_line, is_tiebreaker: game.is_tiebreaker }))).toEqual([
      { game_date: '2027-09-04T23:30:00.000Z', betting_line: 3.5, is_tiebreaker: true },
    ]);
    await page.close();
  });
});
