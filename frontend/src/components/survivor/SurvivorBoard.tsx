import { failureText } from '../../api/failure';
import { type SurvivorBoard as Board, type SurvivorBoardEntrant, useSurvivorBoard } from '../../api/survivor';
import { ordinal } from '../../format';
import { moneyText, payoutsText } from '../pot/money';
import { livesText, OUTCOME_TEXTS, SURVIVOR_TEXTS } from './survivorTexts';

/** This week's column: the team once its game locked, else whether they have picked. */
const weekText = (entrant: SurvivorBoardEntrant) => entrant.pick ?? (entrant.has_picked ? SURVIVOR_TEXTS.picked : SURVIVOR_TEXTS.notYet);

function TeamsUsed({ entrant }: { entrant: SurvivorBoardEntrant }) {
  if (entrant.teams_used.length === 0) return null;
  return (
    <ul className="survivor-used" aria-label={`${entrant.name}'s teams`}>
      {entrant.teams_used.map((used) => {
        const outcome = used.outcome ? OUTCOME_TEXTS[used.outcome] : null;
        return (
          <li key={used.week_number} className={`survivor-used__team survivor-used__team--${used.outcome ?? 'pending'}`}>
            W{used.week_number} {used.team_name}
            {outcome && ` (${outcome})`}
          </li>
        );
      })}
    </ul>
  );
}

/** The share of revealed picks on each team: a bar per team, widest first. */
function TeamShares({ board }: { board: Board }) {
  const total = board.team_shares.reduce((sum, share) => sum + share.count, 0);
  const shares = [...board.team_shares].sort((a, b) => b.count - a.count || a.team_name.localeCompare(b.team_name));
  return (
    <section aria-labelledby="survivor-shares-heading" className="survivor-shares">
      <h3 id="survivor-shares-heading" className="tg-subtitle">
        {SURVIVOR_TEXTS.sharesHeading(board.week?.week_number ?? 0)}
      </h3>
      {shares.length === 0 ? (
        <p className="tg-secondary">{SURVIVOR_TEXTS.noShares}</p>
      ) : (
        <ul className="survivor-shares__list">
          {shares.map((share) => {
            const percent = total > 0 ? Math.round((share.count / total) * 100) : 0;
            return (
              <li key={share.team_id} className="survivor-share">
                <span className="survivor-share__label">
                  <span>{share.team_name}</span>
                  <span>
                    {share.count} · {percent}%
                  </span>
                </span>
                <span className="survivor-share__track" aria-hidden>
                  <span className="survivor-share__bar" style={{ width: `${percent}%` }} />
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** The contest's money (tracking only): the pot from the entrants who paid, its places, and once over who won what. */
function SurvivorPot({ pot }: { pot: NonNullable<Board['pot']> }) {
  return (
    <section aria-labelledby="survivor-pot-heading" className="survivor-pot">
      <h3 id="survivor-pot-heading" className="tg-subtitle">
        {SURVIVOR_TEXTS.potHeading}
      </h3>
      <p className="tg-body2">
        {SURVIVOR_TEXTS.pot(moneyText(pot.pot_cents), pot.paid_count, pot.entrant_count, moneyText(pot.entry_fee_cents))}
        {pot.payouts.length > 0 && ` · ${payoutsText(pot)}`}
      </p>
      {pot.winnings.length > 0 && (
        <p className="tg-body2">{pot.winnings.map((winning) => `${winning.name} ${moneyText(winning.amount_cents)}`).join(' · ')}</p>
      )}
    </section>
  );
}

/** The board: how many are alive, each entrant in standing order, and how the week's revealed picks spread. */
export function SurvivorBoard({ contestId, meId }: { contestId: number; meId: number | undefined }) {
  const board = useSurvivorBoard(contestId, null);
  return (
    <section className="tg-card survivor-board" aria-labelledby="survivor-board-heading">
      <div className="tg-panel__head">
        <h2 id="survivor-board-heading" className="tg-h6">
          {SURVIVOR_TEXTS.boardHeading}
        </h2>
        {board.data && <span className="tg-body2">{SURVIVOR_TEXTS.aliveOf(board.data.alive_count, board.data.entrant_count)}</span>}
      </div>
      {board.isPending ? (
        <p className="tg-secondary">{SURVIVOR_TEXTS.loading}</p>
      ) : board.isError ? (
        <p className="survivor-error" role="alert">
          {failureText(board.error, SURVIVOR_TEXTS.loadFailed)}
        </p>
      ) : (
        <>
          {board.data.finished && board.data.winners.length > 0 && <p className="tg-subtitle">{SURVIVOR_TEXTS.wonBy(board.data.winners)}</p>}
          {board.data.entrants.length === 0 ? (
            <p className="tg-secondary">{SURVIVOR_TEXTS.noEntrants}</p>
          ) : (
            <ol className="survivor-entrants">
              {board.data.entrants.map((entrant) => (
                <li key={entrant.user_id} className={`survivor-entrant${entrant.user_id === meId ? ' survivor-entrant--me' : ''}${entrant.alive ? '' : ' survivor-entrant--out'}`}>
                  <span className="survivor-entrant__rank">{ordinal(entrant.rank)}</span>
                  <span className="survivor-entrant__main">
                    <span className="survivor-entrant__name">
                      {entrant.name}
                      {entrant.user_id === meId && <span className="tg-sr-only"> (you)</span>}
                    </span>
                    <span className="survivor-entrant__meta">
                      {entrant.alive ? livesText(entrant.lives_left) : 'Out'}
                      {board.data.week && ` · Week ${board.data.week.week_number}: ${weekText(entrant)}`}
                    </span>
                    <TeamsUsed entrant={entrant} />
                  </span>
                </li>
              ))}
            </ol>
          )}
          <TeamShares board={board.data} />
          {board.data.pot && <SurvivorPot pot={board.data.pot} />}
        </>
      )}
    </section>
  );
}
