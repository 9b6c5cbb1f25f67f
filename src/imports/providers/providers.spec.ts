import { cfbdCalendar, cfbdGames, cfbdLines, cfbdRankings } from './cfbd.provider';
import { scoreboardGames } from './scoreboard.provider';
import { ProviderError } from './provider';
import { fetchJson, PROVIDER_ANSWER_MAX_BYTES } from './fetch-json';
import { fixture, ProviderServer } from '../../../test/support/provider-server';

describe('provider formats, read from their real answers', () => {
  it('reads CFBD week 1 of 2025: 96 games with teams, kickoffs and finals', () => {
    const games = cfbdGames(fixture('cfbd/games-2025-week1.json'));
    expect(games).toHaveLength(96);
    const first = games.find((game) => game.external_id === '401756846')!;
    expect(first).toMatchObject({
      season: 2025,
      week: 1,
      season_type: 'regular',
      kickoff: new Date('2025-08-23T16:00:00.000Z'),
      neutral_site: true,
      conference_game: true,
      home: { external_id: '2306', name: 'Kansas State', conference: 'Big 12', classification: 'fbs' },
      away: { external_id: '66', name: 'Iowa State' },
      status: 'completed',
      home_score: 21,
      away_score: 24,
      name: 'Aer Lingus College Football Classic',
    });
  });

  it('reads the calendar, lines and AP ranks', () => {
    expect(cfbdCalendar(fixture('cfbd/calendar-2025.json'))).toHaveLength(17);
    const lines = cfbdLines(fixture('cfbd/lines-2025-week1-shape.json'), new Date());
    expect(lines.filter((line) => line.source === 'consensus')).toHaveLength(48);
    const ranks = cfbdRankings(fixture('cfbd/rankings-2025-week1-shape.json'), 1);
    expect(ranks[0]).toMatchObject({ rank: 1, team: { name: 'Texas' }, poll: 'AP Top 25' });
  });

  it('reads the scoreboard: kickoff from the epoch, finals, ranks, seo names as ids', () => {
    const games = scoreboardGames(fixture('ncaa-api/scoreboard-2025-01.json'), { year: 2025, week: 1, season_type: 'regular' });
    expect(games).toHaveLength(96);
    expect(games[0]).toMatchObject({
      external_id: '6458983',
      kickoff: new Date(1755964800 * 1000),
      status: 'completed',
      home: { external_id: 'kansas-st', name: 'Kansas St.' },
      away: { external_id: 'iowa-st', name: 'Iowa St.' },
      home_score: 21,
      away_score: 24,
      home_rank: 17,
      away_rank: 22,
    });
  });

  it('refuses an answer that is not the format, naming the record', () => {
    const games = fixture<Record<string, unknown>[]>('cfbd/games-2025-week1.json');
    delete games[3].homeTeam;
    expect(() => cfbdGames(games)).toThrow(ProviderError);
    expect(() => cfbdGames(games)).toThrow(/game #4/);
    expect(() => cfbdGames({ games: [] })).toThrow(/expected a list/);
    expect(() => scoreboardGames([], { year: 2025, week: 1, season_type: 'regular' })).toThrow(ProviderError);
  });
});

describe('fetchJson', () => {
  let server: ProviderServer;
  beforeAll(async () => (server = await ProviderServer.start()));
  afterAll(() => server.close());
  afterEach(() => server.reset());

  const get = (path: string, timeoutMs = 1000) => fetchJson(`${server.url}${path}`, { label: 'Provider', timeoutMs });
  const failureOf = (promise: Promise<unknown>) => promise.then(() => undefined, (error: ProviderError) => ({ status: error.getStatus(), message: error.message }));

  it('refuses an answer whose declared length is over the cap, and reads one just under it', async () => {
    // A deadline no busy machine reaches: 10 MB through loopback is about size here, not time.
    const patient = 60_000;
    server.answer('/big', { body: `"${'x'.repeat(PROVIDER_ANSWER_MAX_BYTES - 1)}"` });
    expect(await failureOf(get('/big', patient))).toEqual({ status: 502, message: 'Provider sent an answer too large to read (over 10 MB). Nothing was changed.' });
    server.answer('/fits', { body: `"${'x'.repeat(PROVIDER_ANSWER_MAX_BYTES - 2)}"` });
    expect(await get('/fits', patient)).toHaveLength(PROVIDER_ANSWER_MAX_BYTES - 2);
  });

  it('counts a body that stops halfway as a timeout, in the same words as no answer at all', async () => {
    server.answer('/stall', { stall: true });
    server.answer('/hang', { hang: true });
    const stalled = await failureOf(get('/stall'));
    expect(stalled).toEqual({ status: 504, message: 'Provider did not answer within 1 s. Nothing was changed; try again later.' });
    expect(await failureOf(get('/hang'))).toEqual(stalled);
  });

  it('follows a relative redirect on its host and refuses one to another origin', async () => {
    server.answer('/old', { redirect: '/new', status: 308 });
    server.answer('/new', { json: { moved: true } });
    expect(await get('/old')).toEqual({ moved: true });
    server.answer('/away', { redirect: `${server.url.replace('http:', 'https:')}/new` });
    expect(await failureOf(get('/away'))).toEqual({
      status: 502,
      message: expect.stringMatching(/^Provider redirected the request to another host \(127\.0\.0\.1:\d+\); it was not followed\./),
    });
  });
});
