import { Link } from 'react-router-dom';
import type { SurvivorSummary } from '../../api/member';
import { useSurvivorWeekPick } from '../../api/survivor';
import { statusText, SURVIVOR_TEXTS } from './survivorTexts';
import './survivor.css';

/** The last deadline still open among the teams the member may pick, or null. */
function lastDeadline(options: { pick_deadline: string; picks_allowed: boolean; used_week_number: number | null }[]): string | null {
  const open = options.filter((option) => option.picks_allowed && option.used_week_number === null).map((option) => option.pick_deadline);
  return open.length > 0 ? open.reduce((last, deadline) => (deadline > last ? deadline : last)) : null;
}

/**
 * The dashboard's survivor card (only in a season with a contest; its own chunk): the member's status and this
 * week's pick, or "Pick your survivor team" with the deadline, as a link to /survivor (one tap of the three to a
 * saved pick).
 */
export default function SurvivorCard({ summary }: { summary: SurvivorSummary }) {
  const contest = summary.contest;
  const me = summary.me;
  const week = summary.week ?? null;
  const needsPick = contest !== null && !contest.finished && me?.entered === true && me.alive && week !== null && !summary.pick;
  const options = useSurvivorWeekPick(week?.id ?? null, needsPick);
  if (!contest) return null;
  const deadline = needsPick ? lastDeadline(options.data?.options ?? []) : null;
  const action = needsPick
    ? deadline
      ? SURVIVOR_TEXTS.pickBy(deadline)
      : SURVIVOR_TEXTS.noPickYet
    : !me?.entered && contest.entry_open
      ? SURVIVOR_TEXTS.enter
      : null;
  return (
    <section className="tg-card survivor-card" aria-labelledby="survivor-card-heading">
      <div className="tg-panel__head">
        <h2 id="survivor-card-heading" className="tg-h6">
          {contest.name}
        </h2>
        <span className="tg-body2">{contest.finished ? SURVIVOR_TEXTS.over : statusText(summary)}</span>
      </div>
      {summary.pick?.team_name && week && <p className="tg-body1">{`Week ${week.week_number}: ${summary.pick.team_name}`}</p>}
      {action ? (
        <Link to="/survivor" className="survivor-card__link">
          {action}
        </Link>
      ) : (
        <Link to="/survivor" className="tg-link tg-body2">
          {SURVIVOR_TEXTS.boardHeading}
        </Link>
      )}
    </section>
  );
}
