import fc from 'fast-check';
import { seasonContention, SeasonContentionInput } from '.';
import { everyScenario, seasonWinners } from '../../../test/support/contention-brute-force';
import { buildWeek, everyWorld, leagueLog, RUNS, SEASON_SCAN, statuses, storedArb, storedWeeks, tally, weekArb } from '../../../test/support/contention-leagues';

/**
 * seasonContention against the brute force (test/support/contention-brute-force.ts), on random leagues with stored
 * weeks before the live one (test/support/contention-leagues.ts). When the live week is the season's last and
 * enumerable, each status is the brute force's over every outcome and tiebreaker score; when it still has games open
 * to picks (the bound), clinched means a win in every world and eliminated a win in none.
 */
describe('Who can still win the season: the engine against a brute force', () => {
  const log = leagueLog('contention property (season)');

  it('an enumerated season (the live week its last): every status as the brute force finds it', () => {
    fc.assert(
      fc.property(weekArb({ members: [2, 4], decided: [0, 2], undecided: [1, 3], open: [0, 0] }), storedArb, (drawn, drawnStored) => {
        log.cases += 1;
        const { rules, games, members, publicPicks, contentionGames, contentionPicks } = buildWeek(drawn);
        const { scored_weeks, stored } = storedWeeks(rules, members, drawnStored);
        const input: SeasonContentionInput = {
          rules,
          members,
          scored_weeks,
          live: { week_id: 100, games: contentionGames, picks: contentionPicks },
          future_weeks: [],
        };
        const answer = seasonContention(input);
        log.count('season', answer);
        expect(answer.method).toBe('enumerated');
        const brute = tally(members);
        everyScenario(
          rules,
          games,
          publicPicks,
          SEASON_SCAN,
          seasonWinners(
            rules,
            stored,
            scored_weeks.map((week) => week.week_id),
            100,
          ),
          (winners) => brute.add(winners),
        );
        const engine = statuses(answer);
        for (const member of members) expect([member.id, engine.get(member.id)]).toEqual([member.id, brute.status(member.id)]);
      }),
      { numRuns: Math.ceil(RUNS / 2) },
    );
  });

  it('a season whose live week has games open to picks (the bound): clinched and eliminated hold in every world', () => {
    fc.assert(
      fc.property(weekArb({ members: [2, 3], decided: [1, 3], undecided: [0, 1], open: [1, 1] }), storedArb, (drawn, drawnStored) => {
        log.cases += 1;
        const { rules, games, members, publicPicks, contentionGames, contentionPicks } = buildWeek(drawn);
        const { scored_weeks, stored } = storedWeeks(rules, members, drawnStored);
        const answer = seasonContention({ rules, members, scored_weeks, live: { week_id: 100, games: contentionGames, picks: contentionPicks }, future_weeks: [] });
        log.count('season bound', answer);
        expect(answer.method).toBe('bound');
        const winners = seasonWinners(rules, stored, scored_weeks.map((week) => week.week_id), 100);
        const brute = everyWorld(rules, games, members, publicPicks, (records) => winners(records));
        for (const contender of answer.contenders) {
          const truth = brute.tally.status(contender.user.id);
          if (contender.status === 'clinched') expect([contender.user.id, truth]).toEqual([contender.user.id, 'clinched']);
          if (contender.status === 'eliminated') expect([contender.user.id, truth]).toEqual([contender.user.id, 'eliminated']);
        }
      }),
      { numRuns: RUNS },
    );
  });
});
