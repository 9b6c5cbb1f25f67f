import { writeFileSync } from 'node:fs';
import { Browser, chromium, Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { describeView, ViewResult } from './screen-checks';
import { Role, Screen, screenViews, Theme } from './screen-views';
import { Game } from '../../src/games/entities/game.entity';
import { NotificationDelivery } from '../../src/mail/entities/notification-delivery.entity';
import { User } from '../../src/users/entities/user.entity';
import { DEMO_PASSWORD, seed } from '../../src/seeds/demo-seed';
import { linkIn, TestSmtpServer } from '../support/smtp';
import { ADMIN, bearer, TestApp } from '../support/test-app';

/**
 * The screen sweep: every public, member and admin screen (docs/product.md#screens, and the dialogs that open over them) on the
 * seeded demo pool, at 390×844 and 1366×900, in the light and the dark theme. A view fails on any horizontal
 * overflow (the document, or an element cut off at the right edge, wider than the viewport), on any axe-core
 * violation of WCAG 2.x A/AA and on any Content-Security-Policy violation (the app runs under the server's policy). Each screen is one test that reports all its views' problems at once.
 * The themes differ only in colours: the light theme's views run every axe rule, the dark theme's only the rules that
 * read colours (COLOUR_RULES), which halves axe's time without missing a kind of problem.
 *
 * SCREEN_SWEEP_OUT=<file> also writes every view's findings there as JSON, with how long each step took (ms).
 */
jest.setTimeout(120_000);

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
];
const THEMES: Theme[] = ['light', 'dark'];
const MEMBER_EMAIL = 'jordan@example.com';
const INVITED_EMAIL = 'new.fan@example.com';

/** What the screens' addresses need from the seeded pool. */
const pool = { invitationToken: '', resetToken: '', completedGameId: 0 };

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name }).first().waitFor();
const dialog = (page: Page) => page.getByRole('dialog').first().waitFor();

/** The dashboard on the last finished week (the week selector's last "past" week). */
async function lastPastWeek(page: Page) {
  await h1(page, /^Welcome back/);
  const week = page.getByLabel('Week', { exact: true });
  // The weeks load after the heading: wait for them, not for a moment's "Loading…".
  await week.locator('option', { hasText: '(past)' }).first().waitFor({ state: 'attached' });
  const options = await week.locator('option').allTextContents();
  const past = options.filter((label) => label.includes('(past)')).pop();
  if (!past) throw new Error(`no past week among the Week options: ${options.join(', ')}`);
  await week.selectOption({ label: past });
}

const adminScreen = (name: string, path: string, heading: string | RegExp): Screen => ({
  name: `admin: ${name} (${path})`,
  role: 'admin',
  path: () => path,
  ready: (page) => h1(page, heading),
});

/** An add or edit dialog over its list: the dialog hides the page under it from the accessibility tree, its heading too. */
const adminDialog = (name: string, path: string): Screen => ({
  name: `admin: ${name} (${path})`,
  role: 'admin',
  path: () => path,
  ready: async (page) => {
    await dialog(page);
    await page.getByRole('dialog').getByRole('textbox').first().waitFor();
  },
  scope: '[role="dialog"]',
});

const SCREENS: Screen[] = [
  { name: 'public: welcome (/)', role: 'visitor', path: () => '/', ready: (page) => h1(page, /^Welcome to/) },
  { name: 'public: login (/login)', role: 'visitor', path: () => '/login', ready: (page) => h1(page, 'Sign In') },
  { name: 'public: register (/register)', role: 'visitor', path: () => '/register', ready: (page) => h1(page, 'Register') },
  {
    name: 'public: register with an invitation (/register?invitation_token=…)',
    role: 'visitor',
    path: () => `/register?invitation_token=${pool.invitationToken}`,
    ready: (page) => h1(page, 'Register'),
  },
  { name: 'public: forgot password (/forgot-password)', role: 'visitor', path: () => '/forgot-password', ready: (page) => h1(page, 'Forgot Password') },
  {
    name: 'public: forgot password, sent (/forgot-password)',
    role: 'visitor',
    path: () => '/forgot-password',
    ready: async (page) => {
      await h1(page, 'Forgot Password');
      await page.getByLabel(/^Email/).fill('nobody@example.com');
      await page.getByRole('button', { name: /send|reset/i }).click();
      await h1(page, 'Check Your Email');
    },
  },
  {
    name: 'public: reset password (/reset-password/{token})',
    role: 'visitor',
    path: () => `/reset-password/${pool.resetToken}`,
    ready: async (page) => {
      await h1(page, 'Reset Password');
      await page.getByText(MEMBER_EMAIL).first().waitFor();
    },
  },
  {
    name: 'public: reset password, invalid link (/reset-password/{bad token})',
    role: 'visitor',
    path: () => '/reset-password/no-such-token',
    ready: (page) => h1(page, 'Invalid Reset Link'),
  },

  {
    name: 'member: dashboard, current week (/dashboard)',
    role: 'member',
    path: () => '/dashboard',
    ready: async (page) => {
      await h1(page, /^Welcome back/);
      await page.getByRole('article').first().waitFor();
    },
  },
  { name: 'member: dashboard, a finished week (/dashboard)', role: 'member', path: () => '/dashboard', ready: lastPastWeek },
  {
    name: "member: everyone's picks of a finished week (/dashboard, dialog)",
    role: 'member',
    path: () => '/dashboard',
    ready: async (page) => {
      await lastPastWeek(page);
      await page.getByRole('button', { name: "Everyone's picks" }).click();
      await dialog(page);
      await page.getByRole('dialog').getByRole('table').first().waitFor();
    },
    scope: '[role="dialog"]',
  },
  {
    name: 'member: the top bar menu open on a phone (/dashboard)',
    role: 'member',
    path: () => '/dashboard',
    phoneOnly: true,
    ready: async (page) => {
      await h1(page, /^Welcome back/);
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link').first().waitFor();
    },
  },
  {
    name: 'member: profile (/profile)',
    role: 'member',
    path: () => '/profile',
    // Up once the Active sessions card has its list (it loads after the heading).
    ready: async (page) => {
      await h1(page, 'Profile Settings');
      await page.getByRole('region', { name: 'Active sessions' }).getByText('This device').waitFor();
      await page.getByRole('region', { name: 'Deadline calendar' }).getByRole('radio').first().waitFor();
      await page.getByRole('region', { name: 'Notifications' }).getByRole('switch').first().waitFor();
    },
  },
  { name: 'member: results (/results)', role: 'member', path: () => '/results', ready: (page) => h1(page, /Results/) },
  {
    name: 'member: live board (/live)',
    role: 'member',
    path: () => '/live',
    ready: async (page) => {
      await h1(page, 'Live board');
      await page.getByRole('region', { name: 'Scores' }).waitFor();
    },
  },

  {
    name: 'admin: dashboard with the admin links (/dashboard)',
    role: 'admin',
    path: () => '/dashboard',
    ready: async (page) => {
      await h1(page, /^Welcome back/);
      await page.getByRole('article').first().waitFor();
    },
  },
  { name: 'admin: results with Calculate Results (/results)', role: 'admin', path: () => '/results', ready: (page) => h1(page, /Results/) },
  {
    // The console's home: the week's checklist (each line loaded, with its state) above the overview's cards.
    ...adminScreen("overview, this week's checklist", '/admin', 'Admin Overview'),
    ready: async (page) => {
      await h1(page, 'Admin Overview');
      for (const name of ['Games set', 'Picks in', 'Games to score']) await page.getByRole('listitem', { name }).getByText(/^(Done|To do|Needs attention)$/).waitFor();
      await page.getByRole('link', { name: /^Users \d+$/ }).waitFor();
    },
  },
  {
    name: 'admin: the menu drawer open on a phone (/admin)',
    role: 'admin',
    path: () => '/admin',
    phoneOnly: true,
    ready: async (page) => {
      await h1(page, 'Admin Overview');
      await page.getByRole('button', { name: 'Admin menu' }).click();
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link').first().waitFor();
      await page.getByRole('navigation', { name: 'Account' }).getByRole('link').first().waitFor();
    },
  },
  adminScreen('users', '/admin/users', 'Manage Users'),
  adminScreen('invitations', '/invites', 'Manage Invitations'),
  adminScreen('conferences', '/admin/conferences', 'Manage Conferences'),
  adminScreen('teams', '/admin/teams', 'Manage Teams'),
  adminDialog('add team dialog', '/admin/teams/create'),
  adminScreen('seasons', '/admin/seasons', 'Manage Football Seasons'),
  adminScreen('entry fees', '/admin/entry_payments', 'Entry Fees'),
  adminScreen('weeks', '/admin/weeks', 'Manage Weeks'),
  adminScreen('games', '/admin/games', 'Manage Games'),
  adminDialog('add week dialog', '/admin/weeks/create'),
  adminDialog('add game dialog', '/admin/games/create'),
  {
    ...adminScreen('games, Score games mode', '/admin/games', 'Manage Games'),
    ready: async (page) => {
      await h1(page, 'Manage Games');
      await page.getByRole('button', { name: 'Score games' }).click();
      await page.getByRole('region', { name: 'Score games' }).getByRole('textbox').first().waitFor();
    },
  },
  {
    ...adminScreen('edit game dialog, a completed game', '/admin/games/{id}', 'Manage Games'),
    path: () => `/admin/games/${pool.completedGameId}`,
    ready: (page) => page.getByRole('dialog').getByLabel(/Home Score/).first().waitFor(),
    scope: '[role="dialog"]',
  },
  {
    // The CSV source with its columns unfolded: the longest form of the page before a preview.
    ...adminScreen('import games, CSV columns open', '/admin/import?provider=csv', 'Import Games'),
    ready: async (page) => {
      await h1(page, 'Import Games');
      await page.getByRole('button', { name: /^Download template for Week/ }).waitFor();
      await page.getByRole('button', { name: 'CSV columns' }).click();
      await page.getByRole('term').filter({ hasText: 'home_team' }).waitFor();
    },
  },
  adminScreen('picks', '/admin/picks', 'Manage Picks'),
  adminScreen("who hasn't picked", '/admin/missing-picks', "Who Hasn't Picked"),
  {
    // With the current week's delivery log (seeded: a sent and a failed e-mail, which also fills "Failed e-mails"),
    // so the page also says the week was e-mailed already.
    ...adminScreen('notifications', '/admin/notifications', 'Weekly Email Notifications'),
    ready: async (page) => {
      await h1(page, 'Weekly Email Notifications');
      await page.getByRole('button', { name: /^Retry e-mail to/ }).first().waitFor();
      await page.getByRole('alert', { name: 'Already sent' }).waitFor();
    },
  },
  adminScreen('weekly results', '/admin/weekly-results', 'Weekly Results Administration'),
  adminScreen('season results', '/admin/season-results', 'Season Results'),
  adminScreen('security log', '/admin/security_events', 'Security Log'),
];

describe('Every screen at phone and desktop width, light and dark', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let browser: Browser;
  let base: string;
  const sessions: Partial<Record<Role, { token: string; user: unknown }>> = {};
  const { view } = screenViews(() => ({ browser, base, sessions }));
  const findings: { screen: string; role: Role; views: (ViewResult & { lines: string[] })[] }[] = [];

  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
    t = await TestApp.start({ SMTP_URL: smtp.url, APP_NAME: 'Saturday Pool' });
    await t.dataSource.transaction((manager) => seed(manager));
    await t.app.listen(0, '127.0.0.1');
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');

    // The finished weeks' results and the season standings, as the admin calculates them.
    const admin = bearer(await t.adminToken());
    const season = (await t.http.get('/api/football_seasons/current').set(admin).expect(200)).body as { id: number; weeks: { id: number; status: string }[] };
    for (const week of season.weeks.filter((one) => one.status === 'past')) await t.http.post(`/api/weekly_results/calculate/${week.id}`).set(admin).expect(200);
    await t.http.post(`/api/season_results/calculate/${season.id}`).set(admin).expect(200);
    // An entry fee (docs/pool-formats.md#entry-fees-and-payouts): the pot card, the Won columns and the Entry Fees list show.
    await t.http.patch(`/api/football_seasons/${season.id}`).set(admin).send({ entry_fee_cents: 2000, weekly_winner_cents: 500, payout_percentages: [60, 40] }).expect(200);

    // An open invitation and a reset link, read from the e-mails the app sends.
    await t.http.post('/api/invitations').set(admin).send({ email: INVITED_EMAIL }).expect(201);
    pool.invitationToken = new URL(linkIn(await smtp.waitFor(INVITED_EMAIL), '/register?invitation_token=')).searchParams.get('invitation_token')!;
    await t.http.post('/api/password_resets').send({ email: MEMBER_EMAIL }).expect(200);
    pool.resetToken = new URL(linkIn(await smtp.waitFor(MEMBER_EMAIL, 1, 10_000), '/reset-password/')).pathname.split('/').pop()!;

    // The current week's delivery log: one e-mail sent, one failed for good with the error the server keeps.
    const current = (await t.http.get('/api/weeks/current').set(admin).expect(200)).body as { id: number };
    const member = await t.dataSource.getRepository(User).findOneByOrFail({ email: MEMBER_EMAIL });
    await t.http.patch(`/api/seasons/${season.id}/entry_payments`).set(admin).send({ user_ids: [member.id], paid: true }).expect(200);
    const delivery = { week_id: current.id, user_id: member.id, email: member.email, kind: 'weekly', template: 'weekly-picks', subject: 'Week picks', attempts: 1 };
    await t.dataSource.getRepository(NotificationDelivery).insert([
      { ...delivery, status: 'sent', sent_at: new Date() },
      { ...delivery, round: 1, status: 'failed', error: '550 5.1.1 The email account that you tried to reach does not exist. Please try double-checking the recipient address' },
    ]);

    const [completed] = await t.dataSource.getRepository(Game).find({ where: { status: 'completed' }, order: { game_date: 'DESC' }, take: 1 });
    pool.completedGameId = completed.id;

    for (const [role, email, password] of [
      ['member', MEMBER_EMAIL, DEMO_PASSWORD],
      ['admin', ADMIN.email, ADMIN.password],
    ] as const) {
      sessions[role] = (await t.http.post('/api/users/login').send({ email, password }).expect(200)).body;
    }
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  });

  afterAll(async () => {
    if (process.env.SCREEN_SWEEP_OUT) writeFileSync(process.env.SCREEN_SWEEP_OUT, JSON.stringify(findings, null, 2));
    await browser?.close();
    await t?.close();
    await smtp?.stop();
  });

  it.each(SCREENS)('$name', async (screen) => {
    // The views run side by side, each on its own page: much of a view's time is waiting (the server, the settling).
    const viewports = screen.phoneOnly ? VIEWPORTS.slice(0, 1) : VIEWPORTS;
    const views = await Promise.all(THEMES.flatMap((theme) => viewports.map((viewport) => view(screen, theme, viewport))));
    findings.push({ screen: screen.name, role: screen.role, views: views.map((one) => ({ ...one, lines: describeView(one) })) });
    const failing = views.filter((one) => describeView(one).length > 0);
    if (failing.length > 0) {
      const report = failing.map((one) => [`── ${one.viewport} ${one.theme}`, ...describeView(one).map((line) => `  ${line}`)].join('\n'));
      throw new Error(`${screen.name}: ${failing.length} of ${views.length} views fail\n\n${report.join('\n\n')}`);
    }
  });
});
