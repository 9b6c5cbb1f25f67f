import { Fragment, type SyntheticEvent } from 'react';
import type { SeasonRules } from '../api/types';
import { pointsRule } from './picks/poolFormat';
import './cards.css';
import './HowItWorks.css';

/** What a rule adds to the texts: points rank the tables, equal points share a place, missed weeks left out. */
interface Reading {
  spread: boolean;
  points: boolean;
  shared: boolean;
  excluded: boolean;
}

/**
 * The texts of "How this pool works" (docs/member-pages.md#how-this-pool-works). The deadline rule is the one the
 * weekly e-mail states ("picks close 1 hour before each kickoff"); scoring and the tiebreaker follow docs/product.md
 * #constants and the season's rules.
 */
export const HOW_IT_WORKS_TEXTS = {
  summary: 'How this pool works',
  link: 'How deadlines and scoring work',
  picks: ({ spread }: Reading) =>
    `${spread ? 'Pick the team that covers the line in' : 'Pick the winner of'} every game of the week. You can change a pick as often as you like until its deadline.`,
  deadline:
    "Picks close 1 hour before each kickoff, game by game: a late game stays open after the early ones have closed. After a game's deadline its pick can't be made or changed, and everyone's picks for it are shown.",
  scoring: ({ points, shared }: Reading) =>
    `Each correct pick is a win${points ? ' and earns points' : ''}. A game you didn't pick counts as a loss once it's decided; cancelled games don't count. The week's leaderboard ranks by ${
      points ? 'points' : 'wins'
    }${shared ? ' (equal ones share the place)' : ', then the tiebreaker, then fewer losses'}; the season standings add up the weeks.`,
  tiebreaker: ({ points, shared }: Reading) =>
    `One game each week is the tiebreaker: with your pick, predict its final score. Your tiebreaker score is how far off you were (the home and away differences added up); lower is better${
      shared ? '' : `, and it decides between equal ${points ? 'points' : 'wins'}`
    }.`,
  late: ({ excluded }: Reading) =>
    `Games that closed before you joined count as losses once decided, like any game you didn't pick, as soon as you pick in that week. ${
      excluded ? 'A week with no picks is left out of your season.' : 'A week with no picks scores nothing.'
    }`,
  terms: { picks: 'Picks', deadline: 'Deadline', scoring: 'Scoring', tiebreaker: 'Tiebreaker', late: 'Joining mid-week', season: 'This season' },
} as const;

export const HOW_IT_WORKS_ID = 'how-it-works';

/**
 * "How this pool works" on the dashboard: a native disclosure, closed until asked, below the picks (a phone scrolls
 * past one line); the link by the pick status opens it. The season's own rules (`rules_summary`) close the list.
 */
export function HowItWorks({ rules, summary, open, onToggle }: { rules?: SeasonRules; summary?: string[]; open: boolean; onToggle: (open: boolean) => void }) {
  const reading: Reading = {
    spread: rules?.pick_mode === 'spread',
    points: pointsRule(rules),
    shared: rules?.weekly_ties === 'shared',
    excluded: rules?.missed_weeks === 'excluded',
  };
  const { terms } = HOW_IT_WORKS_TEXTS;
  const items: [string, string | string[]][] = [
    [terms.picks, HOW_IT_WORKS_TEXTS.picks(reading)],
    [terms.deadline, HOW_IT_WORKS_TEXTS.deadline],
    [terms.scoring, HOW_IT_WORKS_TEXTS.scoring(reading)],
    [terms.tiebreaker, HOW_IT_WORKS_TEXTS.tiebreaker(reading)],
    [terms.late, HOW_IT_WORKS_TEXTS.late(reading)],
    ...(summary?.length ? [[terms.season, summary] as [string, string[]]] : []),
  ];
  return (
    <details id={HOW_IT_WORKS_ID} className="tg-card how-it-works" open={open} onToggle={(event: SyntheticEvent<HTMLDetailsElement>) => onToggle(event.currentTarget.open)}>
      <summary className="tg-subtitle">{HOW_IT_WORKS_TEXTS.summary}</summary>
      <dl className="tg-body2">
        {items.map(([term, text]) => (
          <Fragment key={term}>
            <dt>{term}</dt>
            <dd>
              {typeof text === 'string' ? (
                text
              ) : (
                <ul>
                  {text.map((sentence) => (
                    <li key={sentence}>{sentence}</li>
                  ))}
                </ul>
              )}
            </dd>
          </Fragment>
        ))}
      </dl>
    </details>
  );
}
