import { useMemo, useState } from 'react';
import { failureText } from '../../api/failure';
import { type SurvivorOption, useSaveSurvivorPick, useSurvivorWeekPick } from '../../api/survivor';
import { formatWeekdayTime } from '../../format';
import { SURVIVOR_TEXTS, teamLineText } from './survivorTexts';

interface Game {
  id: number;
  date: string;
  teams: SurvivorOption[];
}

/** The week's options as games (kickoff order, then game id), each with its teams away first. */
export function gamesOf(options: SurvivorOption[]): Game[] {
  const games = new Map<number, Game>();
  for (const option of options) {
    const game = games.get(option.game_id) ?? { id: option.game_id, date: option.game_date, teams: [] };
    game.teams.push(option);
    games.set(option.game_id, game);
  }
  for (const game of games.values()) game.teams.sort((a, b) => Number(a.home) - Number(b.home));
  return [...games.values()].sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
}

/** Why a team can't be picked now, or null. */
export function unavailable(option: SurvivorOption): string | null {
  if (option.used_week_number !== null) return SURVIVOR_TEXTS.used(option.used_week_number);
  if (!option.picks_allowed) return SURVIVOR_TEXTS.locked;
  return null;
}

/**
 * This week's pick: the week's teams as large tap targets grouped by game, the used and locked ones disabled with
 * the reason, the chosen one pressed, and "Save pick". It says saved only once the server answered (not optimistic).
 */
export function SurvivorPicker({ weekId, weekNumber }: { weekId: number; weekNumber: number }) {
  const weekPick = useSurvivorWeekPick(weekId);
  const save = useSaveSurvivorPick(weekId);
  const [choice, setChoice] = useState<number | null>(null);
  const games = useMemo(() => gamesOf(weekPick.data?.options ?? []), [weekPick.data]);
  const saved = weekPick.data?.pick ?? null;
  const savedOption = saved ? weekPick.data?.options.find((option) => option.team_id === saved.team_id) : undefined;
  // Changing a pick needs the old pick's game open too.
  const pickLocked = saved !== null && savedOption !== undefined && !savedOption.picks_allowed;
  const chosen = choice ?? saved?.team_id ?? null;
  const chosenOption = weekPick.data?.options.find((option) => option.team_id === chosen);
  const savedName = saved?.team_name ?? savedOption?.team_name ?? null;

  const choose = (teamId: number) => {
    save.reset();
    setChoice(teamId);
  };
  const submit = () => {
    if (chosen === null) return;
    save.mutate(chosen, { onSuccess: () => setChoice(null) });
  };

  return (
    <section className="tg-card survivor-pick" aria-labelledby="survivor-pick-heading">
      <h2 id="survivor-pick-heading" className="tg-h6">
        {SURVIVOR_TEXTS.pickHeading(weekNumber)}
      </h2>
      {weekPick.isPending ? (
        <p className="tg-secondary">{SURVIVOR_TEXTS.loading}</p>
      ) : weekPick.isError ? (
        <p className="survivor-error" role="alert">
          {failureText(weekPick.error, SURVIVOR_TEXTS.loadFailed)}
        </p>
      ) : (
        <>
          {savedName && <p className="tg-body1 survivor-pick__current">{SURVIVOR_TEXTS.yourPick(savedName)}</p>}
          {pickLocked && <p className="tg-secondary">{SURVIVOR_TEXTS.pickLocked}</p>}
          {games.length === 0 && <p className="tg-secondary">{SURVIVOR_TEXTS.noTeams}</p>}
          <div className="survivor-games">
            {games.map((game) => (
              <div key={game.id} role="group" aria-label={game.teams.map((team) => team.team_name).join(' at ')} className="survivor-game">
                <p className="survivor-game__when">{formatWeekdayTime(game.date)}</p>
                <div className="survivor-game__teams">
                  {game.teams.map((option) => {
                    const reason = unavailable(option);
                    const line = teamLineText(option.line);
                    return (
                      <button
                        key={option.team_id}
                        type="button"
                        className="survivor-team"
                        aria-pressed={chosen === option.team_id}
                        disabled={reason !== null || pickLocked}
                        onClick={() => choose(option.team_id)}
                      >
                        <span className="survivor-team__name">{option.team_name}</span>{' '}
                        <span className="survivor-team__detail">
                          {option.home ? 'vs' : 'at'} {option.opponent_name}
                          {line && ` · ${line}`}
                        </span>
                        {reason && <span className="survivor-team__reason">{` ${reason}`}</span>}
                        {saved?.team_id === option.team_id && <span className="survivor-team__reason"> Saved</span>}
                      </button>
                    );
                  })}
                </div>
              </div>
            ))}
          </div>
          {!pickLocked && games.length > 0 && (
            <div className="survivor-save">
              <p className="survivor-save__status" role="status">
                {save.isSuccess && save.data ? SURVIVOR_TEXTS.saved(save.data.team_name ?? chosenOption?.team_name ?? '') : ''}
              </p>
              {save.isError && (
                <p className="survivor-error" role="alert">
                  {SURVIVOR_TEXTS.saveFailed}
                  {failureText(save.error, SURVIVOR_TEXTS.saveFailedFallback)}
                </p>
              )}
              <button
                type="button"
                className="survivor-button survivor-button--primary"
                disabled={chosen === null || chosen === saved?.team_id || save.isPending}
                onClick={submit}
              >
                {save.isPending ? SURVIVOR_TEXTS.saving : SURVIVOR_TEXTS.save}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
