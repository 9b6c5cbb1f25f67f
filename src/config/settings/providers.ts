import { duration, oneOf, text, url } from './parsers';
import { settingGroup } from './setting';

export const SCORE_PROVIDERS = ['cfbd', 'scoreboard'] as const;
export type ScoreProviderName = (typeof SCORE_PROVIDERS)[number];

/** The data providers of imports and the score sync. */
export const PROVIDER_SETTINGS = settingGroup(
  { title: 'Data providers', intro: "Data providers for importing a week's games, lines and AP ranks, and for the score sync: [docs/imports.md](docs/imports.md)." },
  {
    CFBD_API_KEY: {
      description: 'a free CollegeFootballData key (collegefootballdata.com): imports of schedules, lines, AP ranks and the calendar from CFBD ([docs/imports.md](docs/imports.md)); without it, import from the keyless NCAA scoreboard or a CSV file',
      parse: text(8, 'CFBD_API_KEY must be the key CollegeFootballData sent you'),
      secret: true,
    },
    CFBD_BASE_URL: {
      description: 'where CollegeFootballData is asked (tests point it at a stand-in on loopback)',
      parse: url(/^https?:\/\/[^\s]+$/, 'CFBD_BASE_URL must be an http(s) URL'),
      default: 'https://api.collegefootballdata.com',
    },
    SCOREBOARD_BASE_URL: {
      description: "where the keyless public scoreboard is asked (ncaa.com's data as the open-source ncaa-api serves it: kickoffs, ranks and finals)",
      parse: url(/^https?:\/\/[^\s]+$/, 'SCOREBOARD_BASE_URL must be an http(s) URL'),
      default: 'https://ncaa-api.henrygd.me',
    },
    PROVIDER_TIMEOUT: {
      description: 'how long one request to a provider may take, its redirects and the whole answer included; past it the import or sync answers 504 and writes nothing',
      parse: duration({ positive: true }),
      default: '10s',
    },
    LINE_PROVIDER: {
      description: "the sportsbook whose line a game takes when the provider lists several (CFBD: `consensus`, `Bovada`, `DraftKings`, …); else the first with a spread",
      parse: text(),
      default: 'consensus',
    },
    SCORE_SYNC_PROVIDER: {
      description: "where the score sync reads finals: `scoreboard` (keyless, no quota) or `cfbd` (mind its quota: CFBD's free tier allows 1,000 calls a month, and a sync every 5 minutes through a Saturday makes about 150; its calendar is asked once a day)",
      parse: oneOf(SCORE_PROVIDERS, `SCORE_SYNC_PROVIDER must be one of ${SCORE_PROVIDERS.join(', ')}`),
      // The keyless scoreboard by default: a sync every few minutes all Saturday would spend CFBD's free tier.
      default: 'scoreboard',
    },
    SCORE_SYNC_INTERVAL: {
      description: 'how often the score sync runs while a game of the current week is under way; `0` turns it off',
      parse: duration(),
      default: '5m',
    },
    SCORE_SYNC_FLAG_AFTER: {
      description: 'a game not final this long after kickoff is flagged for the admin (postponed or cancelled?), never guessed',
      parse: duration({ positive: true }),
      default: '8h',
    },
  },
);
