import fc from 'fast-check';
import { Landing, weekContention } from '.';
import { everyScenario, weekWinners } from '../../../test/support/contention-brute-force';
import { buildWeek, checkPaths, everyWorld, leagueLog, RUNS, statuses, tally, WEEK_SCAN, weekArb } from '../../../test/support/contention-leagues';

/**
 * weekContention held to the brute force's verdicts on random small weeks (test/support/contention-leagues.ts):
 * - enumerated weeks: every status exactly as the brute force finds it over every outcome and every tiebreaker final
 *   score, current and max as the lowest and highest points, and every path's promise kept;
 * - weeks with games still open to picks (the bound): a clinched member wins in every outcome and every way anyone
 *   could still pick the open games, an eliminated one in none.
 */
describe('Who can still win the week: the engine against a brute force', () => {
  const log = leagueLog('contention property (week)');

  it('an enumerated week: every status, current, max and path as the brute force finds them', () => {
    fc.assert(
      fc.property(weekArb({ members: [2, 5], decided: [0, 3], undecided: [1, 4], open: [0, 0] }), (drawn) => {
        log.cases += 1;
        const { rules, games, members, publicPicks, contentionGames, contentionPicks } = buildWeek(drawn);
        const answer = weekContention({ rules, members, games: contentionGames, picks: contentionPicks });
        log.count('week', answer);
        expect(answer.method).toBe('enumerated');
        const brute = tally(members);
        const points = new Map<number, number[]>();
        const scenarios: { outcome: Map<number, Landing>; winners: Set<number> }[] = [];
        everyScenario(rules, games, publicPicks, WEEK_SCAN, weekWinners(rules), (winners, outcome, records) => {
          brute.add(winners);
          scenarios.push({ outcome, winners });
          for (const record of records) points.set(record.user_id, [...(points.get(record.user_id) ?? []), record.points]);
        });
        const engine = statuses(answer);
        for (const member of members) expect([member.id, engine.get(member.id)]).toEqual([member.id, brute.status(member.id)]);
        for (const contender of answer.contenders) {
          const seen = points.get(contender.user.id);
          if (!seen) continue;
          expect([contender.current, contender.max]).toEqual([Math.min(...seen), Math.max(...seen)]);
        }
        checkPaths(answer, scenarios);
      }),
      { numRuns: RUNS },
    );
  });

  it('ties on points left to an undecided tiebreaker (everyone picks alike): every status as the brute force finds it', () => {
    fc.assert(
      fc.property(weekArb({ members: [2, 5], decided: [0, 1], undecided: [1, 2], open: [0, 0] }), (drawn) => {
        log.cases += 1;
        const alike = drawn.entries.map((entry) => ({
          ...entry,
          picks: entry.picks.map((pick, i) => ({
            ...pick,
            picked: true,
            away: drawn.entries[0].picks[i].away,
            // Predictions a point or two apart, on both sides of a close result: where L1 ties and shadows happen.
            prediction: Array.isArray(pick.prediction) ? ([pick.prediction[0] % 3, pick.prediction[1] % 3] as [number, number]) : pick.prediction,
          })),
        }));
        const tiebreaker = drawn.decided.length + (drawn.cancelled ? 1 : 0) + drawn.undecided.length - 1;
        const { rules, games, members, publicPicks, contentionGames, contentionPicks } = buildWeek({ ...drawn, entries: alike, tiebreaker });
        const answer = weekContention({ rules, members, games: contentionGames, picks: contentionPicks });
        log.count('alike', answer);
        const brute = tally(members);
        everyScenario(rules, games, publicPicks, WEEK_SCAN, weekWinners(rules), (winners) => brute.add(winners));
        const engine = statuses(answer);
        for (const member of members) expect([member.id, engine.get(member.id)]).toEqual([member.id, brute.status(member.id)]);
      }),
      { numRuns: RUNS },
    );
  });

  it('the tiebreaker over every final score 0..199: the same statuses as the brute force', () => {
    fc.assert(
      fc.property(weekArb({ members: [2, 3], decided: [0, 2], undecided: [1, 2], open: [0, 0] }), (drawn) => {
        log.cases += 1;
        // The tiebreaker is an undecided game: the last drawn game.
        const week = buildWeek({ ...drawn, tiebreaker: drawn.decided.length + (drawn.cancelled ? 1 : 0) + drawn.undecided.length - 1 });
        const { rules, games, members, publicPicks, contentionGames, contentionPicks } = week;
        const answer = weekContention({ rules, members, games: contentionGames, picks: contentionPicks });
        const brute = tally(members);
        everyScenario(rules, games, publicPicks, 199, weekWinners(rules), (winners) => brute.add(winners));
        const engine = statuses(answer);
        for (const member of members) expect([member.id, engine.get(member.id)]).toEqual([member.id, brute.status(member.id)]);
      }),
      { numRuns: Number(process.env.CONTENTION_FULL_RUNS ?? 4) },
    );
  });

  it('a week with games open to picks (the bound): clinched and eliminated hold in every outcome and every way to pick', () => {
    fc.assert(
      fc.property(weekArb({ members: [2, 3], decided: [1, 4], undecided: [0, 1], open: [1, 1] }), (drawn) => {
        log.cases += 1;
        const { rules, games, members, publicPicks, contentionGames, contentionPicks } = buildWeek(drawn);
        const answer = weekContention({ rules, members, games: contentionGames, picks: contentionPicks });
        log.count('bound', answer);
        expect(answer.method).toBe('bound');
        const { tally: brute, points } = everyWorld(rules, games, members, publicPicks, weekWinners(rules));
        for (const contender of answer.contenders) {
          const truth = brute.status(contender.user.id);
          if (contender.status === 'clinched') expect([contender.user.id, truth]).toEqual([contender.user.id, 'clinched']);
          if (contender.status === 'eliminated') expect([contender.user.id, truth]).toEqual([contender.user.id, 'eliminated']);
          const seen = points.get(contender.user.id);
          if (seen) expect(contender.max).toBe(Math.max(...seen));
        }
      }),
      { numRuns: RUNS },
    );
  });
});
