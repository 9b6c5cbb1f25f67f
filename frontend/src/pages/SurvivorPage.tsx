import { failureText } from '../api/failure';
import { useSurvivorSummary } from '../api/member';
import { useSurvivorEntry } from '../api/survivor';
import { SurvivorBoard } from '../components/survivor/SurvivorBoard';
import { SurvivorPicker } from '../components/survivor/SurvivorPicker';
import { statusText, SURVIVOR_TEXTS } from '../components/survivor/survivorTexts';
import { useSession } from '../session/session';
import '../components/cards.css';
import '../components/survivor/survivor.css';

/**
 * `/survivor` (docs/member-pages.md#survivor-survivor), phone first: the contest's header (rules in plain
 * words, the member's lives, entry), this week's pick, then the board. The server decides every rule; the page
 * mirrors what it answers.
 */
export default function SurvivorPage() {
  const { user } = useSession();
  const summary = useSurvivorSummary(null);
  const contest = summary.data?.contest ?? null;
  const entry = useSurvivorEntry(contest?.id ?? null);
  const me = summary.data?.me;
  const week = summary.data?.week ?? null;
  const picking = contest !== null && !contest.finished && me?.entered === true && me.alive && week !== null;

  return (
    <div className="survivor-page">
      <h1 className="survivor-page__title">{contest?.name ?? SURVIVOR_TEXTS.title}</h1>
      {summary.isPending ? (
        <p className="tg-secondary">{SURVIVOR_TEXTS.loading}</p>
      ) : summary.isError ? (
        <p className="survivor-error" role="alert">
          {failureText(summary.error, SURVIVOR_TEXTS.loadFailed)}
        </p>
      ) : contest === null ? (
        <p className="tg-body1">{SURVIVOR_TEXTS.noContest}</p>
      ) : (
        <>
          <section className="tg-card survivor-header" aria-label="Your survivor status">
            <p className="survivor-header__status">{statusText(summary.data)}</p>
            {contest.finished && <p className="tg-body2">{SURVIVOR_TEXTS.over}</p>}
            {contest.rules_summary.length > 0 && (
              <ul className="tg-list survivor-header__rules">
                {contest.rules_summary.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
            {contest.entry_open ? (
              <div className="survivor-header__entry">
                <button
                  type="button"
                  className={`survivor-button${me?.entered ? '' : ' survivor-button--primary'}`}
                  disabled={entry.isPending}
                  onClick={() => entry.mutate(!me?.entered)}
                >
                  {me?.entered ? SURVIVOR_TEXTS.leave : SURVIVOR_TEXTS.enter}
                </button>
                {contest.entry_closes_at && <span className="tg-secondary">{SURVIVOR_TEXTS.entryCloses(contest.entry_closes_at)}</span>}
              </div>
            ) : (
              !me?.entered && <p className="tg-secondary">{SURVIVOR_TEXTS.entryClosed}</p>
            )}
            {entry.isError && (
              <p className="survivor-error" role="alert">
                {failureText(entry.error, SURVIVOR_TEXTS.saveFailedFallback)}
              </p>
            )}
          </section>
          {picking && <SurvivorPicker key={week.id} weekId={week.id} weekNumber={week.week_number} />}
          <SurvivorBoard contestId={contest.id} meId={user?.id} />
        </>
      )}
    </div>
  );
}
