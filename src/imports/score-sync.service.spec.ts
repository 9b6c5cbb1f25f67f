import type { ExternalGame, ExternalTeam } from './providers/provider';
import { duration } from '../common/count-of';
import { decide, DecisionContext, matchGames, resultFor, SyncedGame } from './score-sync.service';

const HOUR = 3600 * 1000;
const KICKOFF = new Date('2025-08-23T16:00:00Z');
const at = (hours: number) => new Date(KICKOFF.getTime() + hours * HOUR);

/** Our teams by the provider's team id: 1 Iowa State, 2 Kansas State, 3 Kansas, 4 Fresno State, 5 UNLV. */
const KNOWN: Record<string, number> = { 'iowa-st': 1, 'kansas-st': 2, kansas: 3, 'fresno-st': 4, unlv: 5 };
const index = { match: (team: Pick<ExternalTeam, 'external_id'>) => (team.external_id in KNOWN ? { team_id: KNOWN[team.external_id], team_name: team.external_id, via: 'id' as const } : null) };
const team = (external_id: string): ExternalTeam => ({ external_id, name: external_id.toUpperCase(), conference: null, classification: null });

function theirs(external_id: string, away: string, home: string, kickoff: Date, fields: Partial<ExternalGame> = {}): ExternalGame {
  return {
    external_id,
    season: 2025,
    week: 1,
    season_type: 'regular',
    kickoff,
    start_time_tbd: false,
    neutral_site: false,
    conference_game: false,
    home: team(home),
    away: team(away),
    status: 'completed',
    home_score: 21,
    away_score: 24,
    home_rank: null,
    away_rank: null,
    name: null,
    ...fields,
  };
}

const ours = (id: number, away: number, home: number, game_date: Date, fields: Partial<SyncedGame> = {}): SyncedGame => ({
  id,
  away_team_id: away,
  home_team_id: home,
  game_date,
  provider: null,
  external_id: null,
  ...fields,
});
const sameUtcDay = (a: Date, b: Date) => a.toISOString().slice(0, 10) === b.toISOString().slice(0, 10);
const match = (our: SyncedGame[], their: ExternalGame[]) => matchGames(our, their, index, 'scoreboard', sameUtcDay);

describe('matching our games with the provider’s', () => {
  it('finds a game by its two teams within 36 h of kickoff, and not further', () => {
    const game = theirs('g1', 'iowa-st', 'kansas-st', KICKOFF);
    expect(match([ours(1, 1, 2, at(35))], [game]).matches.get(1)).toEqual({ external: game, swapped: false, remember: null });
    expect(match([ours(1, 1, 2, at(37))], [game]).matches.size).toBe(0);
  });

  it('accepts swapped teams only at a neutral site', () => {
    const home = theirs('g1', 'iowa-st', 'kansas-st', KICKOFF);
    expect(match([ours(1, 2, 1, KICKOFF)], [home]).matches.size).toBe(0);
    const neutral = { ...home, neutral_site: true };
    const found = match([ours(1, 2, 1, KICKOFF)], [neutral]).matches.get(1)!;
    expect(found.swapped).toBe(true);
    // Our home team (Iowa State) is the provider's away team: its 24 is our home score.
    expect(resultFor(found)).toEqual({ status: 'completed', home_score: 24, away_score: 21 });
  });

  it("finds a game imported from this provider by the provider's id, whatever its kickoff; another provider's id is not looked at", () => {
    const game = theirs('401752677', 'iowa-st', 'kansas-st', KICKOFF);
    expect(match([ours(1, 1, 2, at(24 * 5), { provider: 'scoreboard', external_id: '401752677' })], [game]).matches.get(1)?.external).toBe(game);
    expect(match([ours(1, 1, 2, at(24 * 5), { provider: 'cfbd', external_id: '401752677' })], [game]).matches.size).toBe(0);
  });

  it('pairs each provider game with one game of ours, the nearest kickoff first', () => {
    const early = theirs('early', 'fresno-st', 'kansas', KICKOFF);
    const late = theirs('late', 'fresno-st', 'kansas', at(30));
    const { matches } = match([ours(1, 4, 3, at(29)), ours(2, 4, 3, at(1))], [early, late]);
    expect(matches.get(1)?.external).toBe(late);
    expect(matches.get(2)?.external).toBe(early);
  });

  it('matches by one team when the other is unknown, the same day and the only candidate, and remembers the unknown team', () => {
    const game = theirs('g1', 'idaho-st', 'unlv', KICKOFF);
    expect(match([ours(1, 99, 5, at(4))], [game]).matches.get(1)).toEqual({
      external: game,
      swapped: false,
      remember: { external_id: 'idaho-st', external_name: 'IDAHO-ST', team_id: 99 },
    });
    // Another day: no.
    expect(match([ours(1, 99, 5, at(24))], [game]).matches.size).toBe(0);
    // Two unknown opponents the same day: neither is guessed.
    expect(match([ours(1, 99, 5, at(4))], [game, theirs('g2', 'montana', 'unlv', at(6))]).matches.size).toBe(0);
    // Two games of ours that could be it: neither is guessed.
    expect(match([ours(1, 99, 5, at(4)), ours(2, 98, 5, at(5))], [game]).matches.size).toBe(0);
    // The other team is known and is not ours in this game: a different game.
    expect(match([ours(1, 99, 5, at(4))], [theirs('g3', 'kansas', 'unlv', KICKOFF)]).matches.size).toBe(0);
  });

  it("lists as unmatched only the provider's games left over that involve a team of ours", () => {
    const other = theirs('wagner', 'wagner', 'kansas', at(24 * 6));
    const elsewhere = theirs('elsewhere', 'maine', 'liberty', KICKOFF);
    const found = theirs('found', 'fresno-st', 'kansas', KICKOFF);
    expect(match([ours(1, 4, 3, KICKOFF)], [found, other, elsewhere]).unmatched).toEqual([other]);
  });
});

describe('what the sync does with a game', () => {
  const context: DecisionContext = { now: at(3), flagAfterMs: 8 * HOUR, label: 'the NCAA scoreboard', homeName: 'Kansas State', awayName: 'Iowa State' };
  const scheduled = { status: 'scheduled' as const, home_score: null, away_score: null, forfeit: false, game_date: KICKOFF };
  const final = { status: 'completed' as const, home_score: 21, away_score: 24 };

  it('writes a final, and a live score as in progress (the game rules settle the winner)', () => {
    expect(decide(scheduled, final, context)).toEqual({ write: { home_score: 21, away_score: 24, status: 'completed' }, flag: null });
    expect(decide(scheduled, { status: 'in_progress', home_score: 7, away_score: 3 }, context)).toEqual({ write: { home_score: 7, away_score: 3, status: 'in_progress' }, flag: null });
    // The same live score again: nothing to write.
    expect(decide({ ...scheduled, status: 'in_progress', home_score: 7, away_score: 3 }, { status: 'in_progress', home_score: 7, away_score: 3 }, context)).toEqual({ write: null, flag: null });
  });

  it('leaves a final that agrees, and flags one an admin entered differently, or a forfeit', () => {
    expect(decide({ ...scheduled, ...final }, final, context)).toEqual({ write: null, flag: null });
    expect(decide({ ...scheduled, ...final, home_score: 20 }, final, context)).toEqual({
      write: null,
      flag: 'Completed by an admin as Iowa State 24, Kansas State 20, but the NCAA scoreboard has the final as Iowa State 24, Kansas State 21: check the score.',
    });
    expect(decide({ ...scheduled, ...final, home_score: 0, away_score: 0, forfeit: true }, final, context).flag).toMatch(/^Awarded as a forfeit/);
  });

  it("flags a provider's cancelled or postponed game, and a tied final, without writing", () => {
    expect(decide(scheduled, { status: 'postponed', home_score: null, away_score: null }, context)).toEqual({ write: null, flag: 'The NCAA scoreboard reports this game postponed: cancel it, or move its kickoff.' });
    expect(decide(scheduled, { status: 'cancelled', home_score: null, away_score: null }, context).flag).toMatch(/cancelled/);
    expect(decide(scheduled, { ...final, home_score: 24 }, context)).toEqual({ write: null, flag: expect.stringMatching(/^The NCAA scoreboard has the final tied/) });
  });

  it('flags a game not final SCORE_SYNC_FLAG_AFTER after kickoff, with a sentence that does not change between syncs', () => {
    expect(decide(scheduled, null, { ...context, now: at(7.9) }).flag).toBeNull();
    const late = decide(scheduled, null, { ...context, now: at(8) });
    expect(late).toEqual({ write: null, flag: 'Not final 8 hours after kickoff and the NCAA scoreboard does not list it: postponed or cancelled?' });
    expect(decide(scheduled, null, { ...context, now: at(30) })).toEqual(late);
    expect(decide(scheduled, { status: 'in_progress', home_score: 7, away_score: 3 }, { ...context, now: at(9) })).toEqual({
      write: { home_score: 7, away_score: 3, status: 'in_progress' },
      flag: 'Not final 8 hours after kickoff and the NCAA scoreboard has no final score: postponed or cancelled?',
    });
  });

  it('leaves a game the admin cancelled alone', () => {
    expect(decide({ ...scheduled, status: 'cancelled' }, final, { ...context, now: at(48) })).toEqual({ write: null, flag: null });
  });

  it('says durations in words', () => {
    expect(duration(8 * HOUR)).toBe('8 hours');
    expect(duration(HOUR)).toBe('1 hour');
    expect(duration(90 * 60 * 1000)).toBe('90 minutes');
  });
});
