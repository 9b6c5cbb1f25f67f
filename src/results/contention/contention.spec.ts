import { DEFAULT_RULES, SeasonRules } from '../../seasons/season-rules';
import { ContentionGame, ContentionPick, ENUMERATION_BUDGET, seasonContention, weekContention } from '.';
import type { ContentionDto } from '../dto/contention.dto';

const ann = { id: 1, name: 'Ann' };
const bob = { id: 2, name: 'Bob' };
const cat = { id: 3, name: 'Cat' };

function game(id: number, home_name: string, away_name: string, over: Partial<ContentionGame> = {}): ContentionGame {
  return {
    id,
    home_team_id: id * 10,
    away_team_id: id * 10 + 1,
    home_name,
    away_name,
    status: 'in_progress',
    landing: null,
    can_push: false,
    is_tiebreaker: false,
    home_score: null,
    away_score: null,
    locked: true,
    game_date: new Date(Date.UTC(2026, 8, 5, 16 + id)),
    ...over,
  };
}
const won = (side: 'home' | 'away'): Partial<ContentionGame> => ({ status: 'completed', landing: side });
const open: Partial<ContentionGame> = { status: 'scheduled', locked: false };

function pick(user_id: number, game_id: number, side: 'home' | 'away', over: Partial<ContentionPick> = {}): ContentionPick {
  return { user_id, game_id, side, confidence: null, is_lock: false, tiebreaker_home_score: null, tiebreaker_away_score: null, ...over };
}
const rulesWith = (over: Partial<SeasonRules> = {}): SeasonRules => ({ ...DEFAULT_RULES, ...over });

/** name → [status, current, max, path texts]. */
const table = (answer: ContentionDto) =>
  answer.contenders.map((c) => [c.user.name, c.status, c.current, c.max, c.paths?.map((path) => path.text) ?? null]);

describe('weekContention', () => {
  it('enumerates the outcomes and names each contender\'s shortest paths, sorted by status, max, current and name', () => {
    const games = [game(1, 'Georgia', 'Alabama', won('home')), game(2, 'Texas', 'Oklahoma'), game(3, 'Ohio State', 'Michigan')];
    const picks = [
      pick(1, 1, 'home'), pick(1, 2, 'home'), pick(1, 3, 'home'),
      pick(2, 1, 'away'), pick(2, 2, 'home'), pick(2, 3, 'away'),
      pick(3, 1, 'away'), pick(3, 2, 'away'), pick(3, 3, 'away'),
    ];
    const answer = weekContention({ rules: rulesWith(), members: [cat, bob, ann], games, picks });
    expect(answer).toMatchObject({ scope: 'week', method: 'enumerated', undecided_games: 2, open_games: 0, outcomes: 4, winners: null });
    // Ann wins unless both Oklahoma and Michigan win; Bob ties her (a shared first place) on Texas and Michigan.
    expect(table(answer)).toEqual([
      ['Ann', 'can_win', 1, 3, ['Texas wins', 'Ohio State wins']],
      ['Bob', 'can_win', 0, 2, ['Texas and Michigan win']],
      ['Cat', 'can_win', 0, 2, ['Oklahoma and Michigan win']],
    ]);
    expect(answer.contenders[1].paths![0]).toEqual({
      text: 'Texas and Michigan win',
      conditions: [
        { game_id: 2, outcome: 'home', team_name: 'Texas' },
        { game_id: 3, outcome: 'away', team_name: 'Michigan' },
      ],
      needs_tiebreaker: false,
    });
    expect(answer.contenders.map((c) => c.more_paths)).toEqual([0, 0, 0]);
  });

  it('against the spread with half-win pushes: "covers", and a push that leaves both on half a point', () => {
    const games = [game(1, 'Georgia', 'Texas', { can_push: true, betting_line: 3, betting_line_team: 'home' })];
    const picks = [pick(1, 1, 'home'), pick(2, 1, 'away')];
    const answer = weekContention({ rules: rulesWith({ pick_mode: 'spread', push_rule: 'half' }), members: [ann, bob], games, picks });
    expect(answer.outcomes).toBe(3);
    expect(table(answer)).toEqual([
      ['Ann', 'can_win', 0, 1, ['Georgia covers', 'Texas @ Georgia lands on the line']],
      ['Bob', 'can_win', 0, 1, ['Texas covers', 'Texas @ Georgia lands on the line']],
    ]);
  });

  it('weighs confidence points and the lock: current from decided games, max from every undecided and open game', () => {
    const games = [game(1, 'Georgia', 'Alabama', won('home')), game(2, 'Texas', 'Oklahoma'), game(3, 'Ohio State', 'Michigan', open), game(4, 'Oregon', 'USC', open)];
    const picks = [
      pick(1, 1, 'home', { confidence: 4, is_lock: true }), // 4 × 2 = 8
      pick(1, 2, 'home', { confidence: 1 }),
      pick(2, 1, 'away', { confidence: 1 }),
      pick(2, 2, 'away', { confidence: 2, is_lock: true }),
    ];
    const answer = weekContention({ rules: rulesWith({ confidence_points: true, lock_of_week: true }), members: [ann, bob, cat], games, picks });
    expect(answer).toMatchObject({ method: 'bound', undecided_games: 3, open_games: 2, outcomes: null, winners: null });
    // Ann: 8 + 1 + the free 3 and 2. Bob: 2 × 2 + the free 4 and 3. Cat, without a pick yet: 4 + 3, and the lock on the 4.
    expect(table(answer)).toEqual([
      ['Ann', 'can_win', 8, 14, null],
      ['Bob', 'can_win', 0, 11, null],
      ['Cat', 'can_win', 0, 11, null],
    ]);
  });

  it('bounds a week with open games: clinched above everyone\'s reach, eliminated below someone\'s points', () => {
    const games = [1, 2, 3].map((id) => game(id, `Home ${id}`, `Away ${id}`, won('home'))).concat(game(4, 'Oregon', 'USC', open));
    const picks = [pick(1, 1, 'home'), pick(1, 2, 'home'), pick(1, 3, 'home'), pick(2, 1, 'home'), pick(2, 2, 'away'), pick(2, 3, 'away')];
    const answer = weekContention({ rules: rulesWith(), members: [ann, bob], games, picks });
    expect(table(answer)).toEqual([
      ['Ann', 'clinched', 3, 4, null],
      ['Bob', 'eliminated', 1, 2, null],
    ]);
  });

  it('lets the tiebreaker decide a tie on points: each wins under some final score, paths say so', () => {
    const games = [game(1, 'Georgia', 'Alabama', won('home')), game(2, 'Texas', 'Oklahoma', { is_tiebreaker: true })];
    const picks = [
      pick(1, 1, 'home'), pick(1, 2, 'home', { tiebreaker_home_score: 30, tiebreaker_away_score: 20 }),
      pick(2, 1, 'home'), pick(2, 2, 'home', { tiebreaker_home_score: 24, tiebreaker_away_score: 21 }),
    ];
    const answer = weekContention({ rules: rulesWith(), members: [ann, bob], games, picks });
    expect(table(answer)).toEqual([
      ['Ann', 'can_win', 1, 2, ['Any result and the tiebreaker goes their way']],
      ['Bob', 'can_win', 1, 2, ['Any result and the tiebreaker goes their way']],
    ]);
    expect(answer.contenders[0].paths![0].needs_tiebreaker).toBe(true);
  });

  it('a prediction beats none, and identical predictions share first place', () => {
    const games = [game(1, 'Texas', 'Oklahoma', { is_tiebreaker: true })];
    const predicted = { tiebreaker_home_score: 24, tiebreaker_away_score: 21 };
    const without = weekContention({ rules: rulesWith(), members: [ann, bob], games, picks: [pick(1, 1, 'home', predicted), pick(2, 1, 'home')] });
    expect(table(without).map((row) => row.slice(0, 2))).toEqual([['Ann', 'clinched'], ['Bob', 'eliminated']]);
    const same = weekContention({ rules: rulesWith(), members: [ann, bob], games, picks: [pick(1, 1, 'home', predicted), pick(2, 1, 'home', predicted)] });
    expect(table(same).map((row) => row.slice(0, 2))).toEqual([['Ann', 'clinched'], ['Bob', 'clinched']]);
  });

  it('a prediction on the wrong side of the result can still win the tie (L1 distance)', () => {
    const games = [game(1, 'Texas', 'Oklahoma', { is_tiebreaker: true }), game(2, 'Georgia', 'Alabama'), game(3, 'Ohio State', 'Michigan', won('home'))];
    // Both take Texas; Ann leads by Ohio State, so only an Alabama win ties them. Ann predicted Texas 28-27, Bob
    // Oklahoma 30-10: after a Texas win 10-9 Bob is nearer (21 against 36), after an Oklahoma win 28-29 Ann is.
    const picks = [
      pick(1, 1, 'home', { tiebreaker_home_score: 28, tiebreaker_away_score: 27 }), pick(1, 2, 'home'), pick(1, 3, 'home'),
      pick(2, 1, 'home', { tiebreaker_home_score: 10, tiebreaker_away_score: 30 }), pick(2, 2, 'away'), pick(2, 3, 'away'),
    ];
    const answer = weekContention({ rules: rulesWith(), members: [ann, bob], games, picks });
    expect(table(answer)).toEqual([
      ['Ann', 'can_win', 1, 3, ['Any result and the tiebreaker goes their way']],
      ['Bob', 'can_win', 0, 2, ['Alabama wins and the tiebreaker goes their way']],
    ]);
    // Without the tiebreaker game's score in doubt, a decided tiebreaker settles it: Texas won 10-9.
    const decided = games.map((g) => (g.id === 1 ? { ...g, ...won('home'), home_score: 10, away_score: 9 } : g));
    const settled = weekContention({ rules: rulesWith(), members: [ann, bob], games: decided, picks });
    expect(table(settled)).toEqual([
      ['Ann', 'can_win', 2, 3, ['Georgia wins']],
      ['Bob', 'can_win', 1, 2, ['Alabama wins']],
    ]);
  });

  it('shared ties: equal points share first place whatever the tiebreaker says; a final week clinches its winners', () => {
    const games = [game(1, 'Texas', 'Oklahoma', { ...won('home'), is_tiebreaker: true, home_score: 24, away_score: 21 }), game(2, 'Georgia', 'Alabama', won('away'))];
    const picks = [
      pick(1, 1, 'home', { tiebreaker_home_score: 24, tiebreaker_away_score: 21 }), pick(1, 2, 'home'),
      pick(2, 1, 'home', { tiebreaker_home_score: 50, tiebreaker_away_score: 0 }), pick(2, 2, 'home'),
      pick(3, 1, 'away'), pick(3, 2, 'home'),
    ];
    const shared = weekContention({ rules: rulesWith({ weekly_ties: 'shared' }), members: [ann, bob, cat], games, picks });
    expect(shared).toMatchObject({ method: 'final', undecided_games: 0, outcomes: null });
    expect(table(shared).map((row) => row.slice(0, 2))).toEqual([['Ann', 'clinched'], ['Bob', 'clinched'], ['Cat', 'eliminated']]);
    expect(shared.winners).toEqual([{ id: ann.id, name: 'Ann' }, { id: bob.id, name: 'Bob' }]);
    const split = weekContention({ rules: rulesWith(), members: [ann, bob, cat], games, picks });
    expect(table(split).map((row) => row.slice(0, 2))).toEqual([['Ann', 'clinched'], ['Bob', 'eliminated'], ['Cat', 'eliminated']]);
    expect(split.winners).toEqual([{ id: ann.id, name: 'Ann' }]);
  });

  it('enumerates within its budget of member-outcomes, and bounds a race beyond it', () => {
    const members = Array.from({ length: 60 }, (_, i) => ({ id: i + 1, name: `Member ${i + 1}` }));
    const games = Array.from({ length: 10 }, (_, i) => game(i + 1, `Home ${i + 1}`, `Away ${i + 1}`, { is_tiebreaker: i === 9, can_push: true, betting_line: 3 }));
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const picks = members.flatMap((member) =>
      games.map((g) => pick(member.id, g.id, random() < 0.5 ? 'home' : 'away', g.is_tiebreaker ? { tiebreaker_home_score: Math.floor(random() * 50), tiebreaker_away_score: Math.floor(random() * 50) } : {})),
    );
    // 3^10 outcomes × 60 members is past ENUMERATION_BUDGET: the bound answers.
    expect(3 ** 10 * 60).toBeGreaterThan(ENUMERATION_BUDGET);
    const spread = weekContention({ rules: rulesWith({ pick_mode: 'spread' }), members, games, picks });
    expect(spread).toMatchObject({ method: 'bound', outcomes: null, undecided_games: 10 });
    // Without pushes, 2^10 × 60 is within it.
    const winner = weekContention({ rules: rulesWith(), members, games: games.map((g) => ({ ...g, can_push: false })), picks });
    expect(winner).toMatchObject({ method: 'enumerated', outcomes: 2 ** 10 });
    expect(winner.contenders.some((row) => row.status === 'can_win')).toBe(true);
  });
});

describe('seasonContention', () => {
  const stored = (user_id: number, points: number, losses = 5) => ({ user_id, wins: points, losses, total_games: points + losses, pushes: 0, points, tiebreaker_score: null });

  it('bounds a season with weeks to come: a week without games counts at games_per_week', () => {
    const answer = seasonContention({
      rules: rulesWith(),
      members: [ann, bob, cat],
      scored_weeks: [{ week_id: 1, records: [stored(1, 20), stored(2, 5), stored(3, 12)] }],
      live: null,
      future_weeks: [{ week_id: 2, games: null }],
    });
    expect(answer).toMatchObject({ scope: 'season', method: 'bound' });
    expect(table(answer)).toEqual([
      ['Ann', 'can_win', 20, 30, null],
      ['Cat', 'can_win', 12, 22, null],
      ['Bob', 'eliminated', 5, 15, null],
    ]);
  });

  it('enumerates the last week through the season order: fewer losses break a tie on points', () => {
    const games = [game(1, 'Georgia', 'Texas')];
    const answer = seasonContention({
      rules: rulesWith(),
      members: [ann, bob],
      scored_weeks: [{ week_id: 1, records: [stored(1, 3, 2), stored(2, 2, 2)] }],
      live: { week_id: 2, games, picks: [pick(1, 1, 'home'), pick(2, 1, 'away')] },
      future_weeks: [],
    });
    expect(answer).toMatchObject({ method: 'enumerated', outcomes: 2 });
    // Texas: 3 each, and Bob has a loss fewer.
    expect(table(answer)).toEqual([
      ['Ann', 'can_win', 3, 4, ['Georgia wins']],
      ['Bob', 'can_win', 2, 3, ['Texas wins']],
    ]);
  });

  it('drops the worst weeks in current and max', () => {
    const answer = seasonContention({
      rules: rulesWith({ drop_worst_weeks: 1 }),
      members: [ann, bob],
      scored_weeks: [
        { week_id: 1, records: [stored(1, 9), stored(2, 2)] },
        { week_id: 2, records: [stored(1, 1), stored(2, 8)] },
      ],
      live: null,
      future_weeks: [],
    });
    // Ann keeps 9, Bob keeps 8: final.
    expect(answer.method).toBe('final');
    expect(table(answer)).toEqual([
      ['Ann', 'clinched', 9, 9, null],
      ['Bob', 'eliminated', 8, 8, null],
    ]);
  });
});
