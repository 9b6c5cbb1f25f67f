/** A week prepared for scoring: its decided tally, its undecided games in kickoff order and each member's reach. */
import type { SeasonRules } from '../../seasons/season-rules';
import type { ContentionGame, ContentionMember, ContentionPick, Landing } from './types';

const kickoffOrder = (a: ContentionGame, b: ContentionGame): number => a.game_date.getTime() - b.game_date.getTime() || a.id - b.id;

/** A locked, undecided game: the landings it may still take and the public picks on it (weights doubled). */
export interface Undecided {
  game: ContentionGame;
  landings: Landing[];
  picks: { member: number; side: 'home' | 'away'; weight2: number }[];
}

/** Points are kept doubled so half-win pushes stay whole numbers. */
export interface Tally {
  points2: number[];
  wins: number[];
  pushes: number[];
  /** Counted games of the week (the same for everyone). */
  total: number;
}

/** A week prepared for scoring: its decided part, its undecided games in kickoff order and each member's reach. */
export interface WeekModel {
  rules: SeasonRules;
  members: ContentionMember[];
  /** The member has a public pick, so a record of the week. */
  hasPick: boolean[];
  /** The member has or may still get a record (a public pick, or a game still open to picks). */
  canPlay: boolean[];
  decided: Tally;
  undecided: Undecided[];
  open: ContentionGame[];
  /** The most points reachable, doubled. */
  max2: number[];
  /** Undecided tiebreaker games (locked); an enumeration handles one. */
  tiebreakers: ContentionGame[];
  /** The tiebreaker distance from decided tiebreaker games (null: none), and the prediction on the undecided one. */
  tbFixed: (number | null)[];
  tbPrediction: ([number, number] | null)[];
}

/** What a correct pick earns, doubled: its confidence points (0 without) or 1, the lock twice. */
const weight2 = (rules: SeasonRules, pick: ContentionPick): number =>
  2 * (rules.confidence_points ? (pick.confidence ?? 0) : 1) * (rules.lock_of_week && pick.is_lock ? 2 : 1);

/** Scores one game landing into a tally (sign −1 takes it back): wins, pushes, half points and counted games. */
function applyLanding(rules: SeasonRules, tally: Tally, picks: Undecided['picks'], landing: Landing, sign: 1 | -1): void {
  const push = landing === 'push' && rules.pick_mode === 'spread';
  if (!(push && rules.push_rule === 'void')) tally.total += sign;
  if (!push) {
    const { points2, wins } = tally;
    for (let i = 0; i < picks.length; i += 1) {
      const pick = picks[i];
      if (pick.side === landing) {
        wins[pick.member] += sign;
        points2[pick.member] += sign * pick.weight2;
      }
    }
    return;
  }
  for (const pick of picks) {
    tally.pushes[pick.member] += sign;
    if (rules.push_rule === 'half') tally.points2[pick.member] += (sign * pick.weight2) / 2;
  }
}

export function weekModel(rules: SeasonRules, members: ContentionMember[], allGames: ContentionGame[], picks: ContentionPick[]): WeekModel {
  const index = new Map(members.map((member, i) => [member.id, i]));
  const games = allGames.filter((game) => game.status !== 'cancelled').sort(kickoffOrder);
  const picksOf = new Map<number, ContentionPick[]>();
  /** Each member's public picks, by their index (a thousand members' picks are read once, not once per member). */
  const byMember: ContentionPick[][] = members.map(() => []);
  const hasPick = members.map(() => false);
  for (const pick of picks) {
    const member = index.get(pick.user_id);
    if (member === undefined) continue;
    hasPick[member] = true;
    byMember[member].push(pick);
    const ofGame = picksOf.get(pick.game_id);
    if (ofGame) ofGame.push(pick);
    else picksOf.set(pick.game_id, [pick]);
  }
  const zeros = () => members.map(() => 0);
  const decided: Tally = { points2: zeros(), wins: zeros(), pushes: zeros(), total: 0 };
  const tbFixed: (number | null)[] = members.map(() => null);
  const tbPrediction: ([number, number] | null)[] = members.map(() => null);
  const undecided: Undecided[] = [];
  const open: ContentionGame[] = [];
  const tiebreakers: ContentionGame[] = [];
  const max2 = zeros();
  for (const game of games) {
    const own = (picksOf.get(game.id) ?? []).map((pick) => ({ member: index.get(pick.user_id)!, side: pick.side, weight2: weight2(rules, pick), pick }));
    if (game.landing !== null) {
      applyLanding(rules, decided, own, game.landing, 1);
      if (game.is_tiebreaker && game.home_score !== null && game.away_score !== null) {
        for (const { member, pick } of own) {
          if (pick.tiebreaker_home_score === null || pick.tiebreaker_away_score === null) continue;
          const distance = Math.abs(pick.tiebreaker_home_score - game.home_score) + Math.abs(pick.tiebreaker_away_score - game.away_score);
          tbFixed[member] = (tbFixed[member] ?? 0) + distance;
        }
      }
    } else if (!game.locked) {
      open.push(game);
    } else {
      const landings: Landing[] = game.can_push ? ['home', 'away', 'push'] : ['home', 'away'];
      undecided.push({ game, landings, picks: own });
      for (const { member, weight2 } of own) max2[member] += weight2;
      if (game.is_tiebreaker) {
        tiebreakers.push(game);
        for (const { member, pick } of own) {
          if (pick.tiebreaker_home_score !== null && pick.tiebreaker_away_score !== null) {
            tbPrediction[member] = [pick.tiebreaker_home_score, pick.tiebreaker_away_score];
          }
        }
      }
    }
  }
  const canPlay = hasPick.map((has) => has || open.length > 0);
  members.forEach((_, i) => {
    max2[i] += decided.points2[i] + openReach2(rules, allGames.length, open.length, byMember[i]);
  });
  return { rules, members, hasPick, canPlay, decided, undecided, open, max2, tiebreakers, tbFixed, tbPrediction };
}

/**
 * The most a member can still earn on the week's open games, doubled: each at the highest weight left to give it
 * (in a confidence season the largest numbers of 1..N their locked picks don't hold), the largest doubled by the lock
 * unless the lock already sits on a locked game.
 */
function openReach2(rules: SeasonRules, weekGames: number, open: number, own: ContentionPick[]): number {
  if (open === 0) return 0;
  let weights: number[];
  if (rules.confidence_points) {
    const used = new Set(own.map((pick) => pick.confidence));
    weights = [];
    for (let n = weekGames; n >= 1 && weights.length < open; n -= 1) if (!used.has(n)) weights.push(n);
  } else {
    weights = Array.from({ length: open }, () => 1);
  }
  let sum = weights.reduce((total, w) => total + w, 0);
  if (rules.lock_of_week && !own.some((pick) => pick.is_lock) && weights.length) sum += Math.max(...weights);
  return 2 * sum;
}

/** The landing of the undecided tiebreaker game in an outcome, or null. */
export const tiebreakerLanding = (model: WeekModel, landings: Landing[]): Landing | null => {
  const k = model.undecided.findIndex((game) => game.game.is_tiebreaker);
  return k < 0 ? null : landings[k];
};

/** The losses of a record, for the last key: counted games less wins (and half-win pushes). */
export const lossesOf = (rules: SeasonRules, tally: Tally, member: number): number =>
  tally.total - tally.wins[member] - (rules.pick_mode === 'spread' && rules.push_rule === 'half' ? tally.pushes[member] : 0);
