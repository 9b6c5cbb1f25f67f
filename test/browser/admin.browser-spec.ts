import { Browser, chromium, Locator, Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { CspWatch } from './csp-watch';
import { linkIn, TestSmtpServer } from '../support/smtp';
import { ADMIN, bearer, PASSWORD, TestApp } from '../support/test-app';

/**
 * The admin journey of the admin console issue, in Chromium against the real server, a fresh database and a real
 * SMTP server on loopback: season, weeks, conference, teams, games, an invited member who registers and picks,
 * the weekly e-mail, winners, the dry run, weekly and season results. A member opening /admin lands on /dashboard.
 */
jest.setTimeout(300_000);

const pad = (n: number) => String(n).padStart(2, '0');
const localDate = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
/** YYYY-MM-DD `days` from today (the browser and the server run on this machine, in its time zone). */
const day = (days: number) => localDate(new Date(Date.now() + days * 24 * 3600 * 1000));
/** The value a datetime-local input takes: local time `hours` from now, on the hour. */
const localDateTime = (hours: number) => {
  const date = new Date(Date.now() + hours * 3600 * 1000);
  return `${localDate(date)}T${pad(date.getHours())}:00`;
};

const MEMBER = { email: 'fan@pool.test', name: 'Pat Fan', password: 'kickoff-season1' };

describe('The admin console in Chromium', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let page: Page;

  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
    // Results are calculated by the admin in this journey, so the dry run has something to show.
    t = await TestApp.start({ SMTP_URL: smtp.url, APP_NAME: 'Saturday Pool', AUTO_CALCULATE_RESULTS: 'false' });
    await t.app.listen(0, '127.0.0.1');
    base = await t.app.getUrl();
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await smtp?.stop();
  });

  const heading = (name: string) => page.getByRole('heading', { name, level: 1 });
  const dialog = () => page.getByRole('dialog');
  /** A MUI select (react-admin SelectInput): open it, pick the option. */
  async function choose(scope: Page | Locator, label: RegExp, option: string | RegExp) {
    await scope.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option }).click();
  }
  /** A react-admin AutocompleteInput: type, pick the suggestion. */
  async function autocomplete(scope: Locator, label: RegExp, text: string) {
    const input = scope.getByRole('combobox', { name: label });
    await input.fill(text);
    await page.getByRole('option', { name: text, exact: true }).click();
  }
  async function saveDialog(button = 'Save') {
    await dialog().getByRole('button', { name: button, exact: true }).click();
    await dialog().waitFor({ state: 'detached' });
  }
  /** A final for a game that has not kicked off: the dialog asks first, and the admin means it. */
  async function saveEarlyFinal() {
    await dialog().getByRole('button', { name: 'Save', exact: true }).click();
    const question = page.getByRole('dialog', { name: 'Save anyway?' });
    await question.getByText(/^This game kicks off .*: a final closes its picks at once and shows every member's pick of it\. Save anyway\?$/).waitFor();
    await question.getByRole('button', { name: 'Save anyway' }).click();
    await question.waitFor({ state: 'detached' });
    await dialog().waitFor({ state: 'detached' });
  }
  const row = (text: string | RegExp) => page.getByRole('row').filter({ hasText: text });

  it('runs a week end to end', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const csp = await CspWatch.on(context);
    page = await context.newPage();

    // One login for both sides: the app's login page sends an admin to the console.
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${base}/admin`);
    await heading('Admin Overview').waitFor();
    await page.getByRole('link', { name: 'Users 1' }).waitFor();
    await page.getByRole('link', { name: 'Calculate Results' }).waitFor();

    // Seasons: the first season becomes current by itself; the star makes another one current.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Seasons' }).click();
    await heading('Manage Football Seasons').waitFor();
    for (const [name, start, end] of [
      ['Old Season', day(-400), day(-200)],
      ['Test Season', day(-30), day(120)],
    ]) {
      await page.getByRole('link', { name: 'Add Season' }).first().click();
      await dialog().getByLabel(/^Name/).fill(name);
      await dialog().getByLabel('Start Date').fill(start);
      await dialog().getByLabel('End Date').fill(end);
      await saveDialog();
      await row(name).waitFor();
    }
    await page.getByRole('button', { name: 'Make Test Season the current season' }).click();
    await page.getByRole('button', { name: 'Test Season is the current season' }).waitFor();
    await row('Old Season').getByText('Past').waitFor();

    // Weeks: the list starts on the current season; then two weeks, the first one marked current.
    await page.goto(`${base}/admin/weeks`);
    await heading('Manage Weeks').waitFor();
    await page.getByRole('combobox', { name: /Football Season/ }).filter({ hasText: 'Test Season' }).waitFor();
    await page.getByText('No weeks in this season yet.').waitFor();
    for (const [number, start, end, current] of [
      ['1', day(-1), day(6), true],
      ['2', day(7), day(13), false],
    ] as const) {
      await page.getByRole('link', { name: 'Add Week' }).click();
      await dialog().getByRole('combobox', { name: /Football Season/ }).filter({ hasText: 'Test Season' }).waitFor();
      await dialog().getByLabel('Week Number').fill(number);
      await dialog().getByLabel('Start Date').fill(start);
      await dialog().getByLabel('End Date').fill(end);
      if (current) await dialog().getByLabel('Set as Current Week').check();
      await saveDialog();
      await row(`Week ${number}`).waitFor();
    }
    await row('Week 1').getByText('Current', { exact: true }).waitFor();

    // A conference, then twenty teams in the add dialog (Add stays off until a conference is chosen), and the filter.
    await page.goto(`${base}/admin/conferences`);
    await page.getByRole('link', { name: 'Add Conference' }).first().click();
    await dialog().getByLabel(/^Name/).fill('Test Conference');
    await saveDialog();
    await row('Test Conference').waitFor();

    await page.goto(`${base}/admin/teams`);
    await heading('Manage Teams').waitFor();
    await page.getByText('No teams available.').waitFor();
    const teamNames = ['Alpha State', 'Beta Tech', ...Array.from({ length: 18 }, (_, i) => `Team ${String(i + 1).padStart(2, '0')}`)];
    for (const [index, name] of teamNames.entries()) {
      await page.getByRole('link', { name: 'Add Team' }).first().click();
      await dialog().getByLabel(/^Name/).fill(name);
      await dialog().getByLabel('Nickname').fill(index === 0 ? 'Aardvarks' : `Mascots ${index}`);
      await dialog().getByLabel(/^City/).fill('Springfield');
      await dialog().getByLabel(/^State/).fill('IL');
      await dialog().getByLabel(/^Website URL/).fill('https://example.com');
      if (index === 0) expect(await dialog().getByRole('button', { name: 'Add' }).isDisabled()).toBe(true);
      await choose(dialog(), /Conference/, 'Test Conference');
      await saveDialog('Add');
      await row(name).first().waitFor();
    }
    await page.getByLabel('Search by Team Name').fill('aardvark');
    await page.getByText('1 team(s) found (filtered from 20 total)').waitFor();
    await row('Alpha State').waitFor();
    await page.getByLabel('Search by Team Name').fill('zzz');
    await page.getByText('No teams found matching "zzz"').waitFor();
    await page.getByRole('button', { name: 'Clear Filter' }).click();
    await page.getByText('1-20 of 20').waitFor();

    // Games: the filters start on the current season and its current week; ten games, one of them the tiebreaker.
    await page.goto(`${base}/admin/games`);
    await heading('Manage Games').waitFor();
    await page.getByRole('combobox', { name: /Football Season/ }).filter({ hasText: 'Test Season' }).waitFor();
    await page.getByRole('combobox', { name: /Week/ }).filter({ hasText: 'Week 1' }).waitFor();
    await page.getByText('No games found for this week.').waitFor();

    await page.getByRole('link', { name: 'Add Game' }).click();
    await dialog().getByLabel('Game Name').fill('Rivalry Game');
    await dialog().getByRole('button', { name: 'Save', exact: true }).click();
    await dialog().getByText('Please fill in all required fields (Football Season, Week, Home Team, Away Team, and Game Date)').waitFor();
    await autocomplete(dialog(), /Away Team/, 'Alpha State');
    await autocomplete(dialog(), /Home Team/, 'Beta Tech');
    await dialog().getByLabel(/^Game Date/).fill(localDateTime(72));
    await dialog().getByLabel('Betting Line').fill('3.5');
    await choose(dialog(), /Favored Team/, 'Home');
    await dialog().getByLabel('Tiebreaker Game').check();
    await saveDialog();
    await row('Alpha State @ Beta Tech').getByText('Tiebreaker').waitFor();
    await row('Alpha State @ Beta Tech').getByText('Beta Tech -3.5').waitFor();
    for (let n = 1; n <= 9; n++) {
      const [away, home] = [`Team ${String(2 * n - 1).padStart(2, '0')}`, `Team ${String(2 * n).padStart(2, '0')}`];
      await page.getByRole('link', { name: 'Add Game' }).click();
      await autocomplete(dialog(), /Away Team/, away);
      await autocomplete(dialog(), /Home Team/, home);
      await dialog().getByLabel(/^Game Date/).fill(localDateTime(72 + n));
      await saveDialog();
      await row(`${away} @ ${home}`).waitFor();
    }

    // Invite a member; the test reads the e-mail, and the member registers through the API.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Invites' }).click();
    await heading('Manage Invitations').waitFor();
    await page.getByLabel(/^Email/).fill(MEMBER.email);
    await page.getByRole('button', { name: 'Invite' }).click();
    await page.getByText('Invitation sent!').waitFor();
    await page.getByRole('list', { name: 'Pending invitations' }).getByText(MEMBER.email).waitFor();
    await page.getByText('Status: pending').waitFor();
    const invitation = await smtp.waitFor(MEMBER.email);
    const token = new URL(linkIn(invitation, '/register?invitation_token=')).searchParams.get('invitation_token');
    await t.http.post('/api/register').send({ ...MEMBER, invitation_token: token }).expect(201);
    const memberApi = bearer(await t.login(MEMBER.email, MEMBER.password));

    // Who hasn't picked: the new member, reminded now.
    await page.goto(`${base}/admin/missing-picks`);
    await heading("Who Hasn't Picked").waitFor();
    await row(MEMBER.name).waitFor();
    await page.getByRole('button', { name: 'Send Reminder Now' }).click();
    await dialog().getByRole('button', { name: 'Send' }).click();
    await page.getByText('Reminders sent! Sent: 1, Failed: 0').waitFor();
    await smtp.waitFor(MEMBER.email, 2);

    // The member picks the home team of every game but the tiebreaker through the API...
    const games: { id: number; home_team_id: number; away_team_id: number; home_team: { name: string }; is_tiebreaker: boolean }[] = (
      await t.http.get('/api/games').set(memberApi).expect(200)
    ).body;
    expect(games).toHaveLength(10);
    for (const game of games.filter((candidate) => !candidate.is_tiebreaker)) {
      await t.http.post('/api/picks').set(memberApi).send({ game_id: game.id, selected_winner: game.home_team.name }).expect(201);
    }

    // ...and the admin adds the tiebreaker pick for them; its scores are asked only for the tiebreaker game.
    await page.goto(`${base}/admin/picks`);
    await heading('Manage Picks').waitFor();
    await page.getByText('1-9 of 9').waitFor();
    await page.getByRole('link', { name: 'Add Pick (Admin Override)' }).click();
    await autocomplete(dialog(), /Member/, `${MEMBER.name} (${MEMBER.email})`);
    await choose(dialog(), /Football Season/, 'Test Season');
    await choose(dialog(), /^Week/, 'Week 1');
    await choose(dialog(), /^Game/, 'Team 01 @ Team 02');
    expect(await dialog().getByLabel(/Home Score \(tiebreaker\)/).count()).toBe(0);
    await choose(dialog(), /^Game/, 'Alpha State @ Beta Tech (tiebreaker)');
    await choose(dialog(), /Selected Winner/, 'Beta Tech (home)');
    await dialog().getByLabel(/Away Score \(tiebreaker\)/).fill('21');
    await dialog().getByLabel(/Home Score \(tiebreaker\)/).fill('28');
    await dialog().getByLabel('Reason').fill('Phoned in before kickoff');
    await saveDialog('Add Pick');
    await row('Alpha State @ Beta Tech').getByText('21 – 28').waitFor();
    await row('Alpha State @ Beta Tech').getByRole('button', { name: 'History' }).click();
    await dialog().getByRole('cell', { name: 'Phoned in before kickoff' }).waitFor();
    await dialog().getByRole('button', { name: 'Close' }).click();

    // The weekly e-mail: validate, preview, send, and it arrives.
    const mailsBefore = smtp.to(MEMBER.email).length;
    await page.goto(`${base}/admin/notifications`);
    await heading('Weekly Email Notifications').waitFor();
    await page.getByLabel('Week').filter({ hasText: 'Week 1' }).waitFor();
    // The week is validated as the page opens: no click.
    await page.getByText('(Games: 10, Tiebreakers: 1)').waitFor();
    expect(await page.getByRole('alert', { name: 'Already sent' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Preview Email' }).click();
    await page.getByRole('heading', { name: 'Email Preview' }).waitFor();
    await page.frameLocator('iframe[title="Email preview"]').getByText('Beta Tech').first().waitFor();
    await page.getByRole('button', { name: 'Send Notifications' }).click();
    await dialog().getByRole('button', { name: 'Send' }).click();
    await page.getByText(/Email notifications sent successfully! Sent: \d+, Failed: 0/).waitFor();
    const weekly = await smtp.waitFor(MEMBER.email, mailsBefore + 1);
    expect(weekly.html).toContain('Beta Tech');
    await page.getByRole('table', { name: 'Delivery log' }).getByText(MEMBER.email).first().waitFor();

    // Back on a phone later: the page says the week went out already, and a second send asks "Send again".
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await heading('Weekly Email Notifications').waitFor();
    const already = page.getByRole('alert', { name: 'Already sent' });
    await already.getByText(/^Already sent to 1 member on \w{3}, \w{3} \d{1,2}, \d{1,2}:\d\d [AP]M\. 1 delivered, 0 refused by the mail server, 0 still on their way\.$/).waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    await page.getByText('(Games: 10, Tiebreakers: 1)').waitFor();
    await page.getByRole('button', { name: 'Send Notifications' }).and(page.locator(':not([disabled])')).click();
    const again = page.getByRole('dialog', { name: 'Send the weekly e-mail again?' });
    await again.getByText(/Sending again e-mails only the members who have not received it/).waitFor();
    await again.getByRole('button', { name: 'Send again' }).click();
    await page.getByText("Nothing sent: every member already has this week's e-mail, or turned it off (1 skipped).").waitFor();
    expect(smtp.to(MEMBER.email)).toHaveLength(mailsBefore + 1);
    await page.setViewportSize({ width: 1400, height: 1000 });

    // Weekly results wait for every winner.
    await page.goto(`${base}/admin/weekly-results`);
    await heading('Weekly Results Administration').waitFor();
    await page.getByText('0 of 10 have one').waitFor();
    await page.getByRole('alert', { name: 'Calculation' }).getByText('Not calculated yet.').waitFor();
    expect(await page.getByRole('button', { name: 'Calculate Results' }).isDisabled()).toBe(true);

    // Winners in the edit dialog: the tiebreaker with its final score; the member's home picks win all but one.
    await page.goto(`${base}/admin/games`);
    await row('Alpha State @ Beta Tech').getByRole('link', { name: 'Edit' }).click();
    await dialog().getByLabel('Away Score').fill('17');
    await dialog().getByLabel('Home Score').fill('24');
    // Both scores complete the game and name its winner.
    await dialog().getByText('Winner: Beta Tech (24-17)').waitFor();
    await dialog().getByRole('combobox', { name: /^Status/ }).filter({ hasText: 'Completed' }).waitFor();
    // The week's games kick off later in this journey: each final is entered deliberately.
    await saveEarlyFinal();
    await row('Alpha State @ Beta Tech').getByText('17 – 24').waitFor();
    for (let n = 1; n <= 9; n++) {
      const [away, home] = [`Team ${String(2 * n - 1).padStart(2, '0')}`, `Team ${String(2 * n).padStart(2, '0')}`];
      await row(`${away} @ ${home}`).getByRole('link', { name: 'Edit' }).click();
      // Only a completed game has a winner.
      await choose(dialog(), /^Status/, 'Completed');
      await choose(dialog(), /^Winner/, n === 1 ? `${away} (away)` : `${home} (home)`);
      await saveEarlyFinal();
      await row(`${away} @ ${home}`).getByText(n === 1 ? away : home, { exact: true }).waitFor();
    }

    await page.goto(`${base}/admin/weekly-results`);
    await page.getByText('Games with Winners').waitFor();
    await page.getByRole('button', { name: 'Calculate Results' }).and(page.locator(':not([disabled])')).waitFor();
    await page.getByRole('button', { name: 'Preview Changes' }).click();
    await page.getByRole('heading', { name: 'Dry Run' }).waitFor();
    await page.getByRole('table', { name: 'Changes' }).getByRole('row', { name: new RegExp(MEMBER.name) }).getByText('9–1, tiebreaker 8, rank 1').waitFor();
    await page.getByText('No results found for the selected week...').waitFor();
    await page.getByRole('button', { name: 'Calculate Results' }).click();
    await page.getByText('Results calculated successfully! 1 user results processed.').waitFor();
    await page.getByRole('alert', { name: 'Calculation' }).getByText(/^Calculated by Admin at .+ \(1 member result\)\.$/).waitFor();
    await page.getByRole('button', { name: 'Calculate Results' }).waitFor();
    await page.getByRole('table', { name: 'Weekly results' }).getByText(MEMBER.name).waitFor();

    // Season results and the standings.
    await page.goto(`${base}/admin/season-results`);
    await heading('Season Results').waitFor();
    await page.getByRole('button', { name: 'Calculate Season Results' }).click();
    await page.getByText(/Season results calculated successfully!/).waitFor();
    await page.getByRole('table', { name: 'Season standings' }).getByRole('row', { name: new RegExp(MEMBER.name) }).getByText('8.0').waitFor();
    await context.close();
    // The whole journey ran under the server's Content-Security-Policy with nothing refused.
    expect(csp.take()).toEqual([]);
  });

  it('sends a member who opens /admin to /dashboard', async () => {
    const member = await t.createUser({ email: 'other@pool.test', name: 'Other Member' });
    const memberPage = await browser.newPage();
    await memberPage.goto(`${base}/login`);
    await memberPage.getByLabel('Email').fill(member.email);
    await memberPage.getByLabel('Password').fill(PASSWORD);
    await memberPage.getByRole('button', { name: 'Sign In', exact: true }).click();
    await memberPage.waitForURL(`${base}/dashboard`);
    await memberPage.goto(`${base}/admin`);
    await memberPage.waitForURL(`${base}/dashboard`);
    await memberPage.goto(`${base}/admin/users`);
    await memberPage.waitForURL(`${base}/dashboard`);
    await memberPage.close();
  });
});
