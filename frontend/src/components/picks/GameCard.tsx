import { memo, useEffect, useId, useRef, useState } from 'react';
import type { Game, GameTeam, Pick, WeekStatus } from '../../api/types';
import { helperClass } from '../form/fieldStyles';
import { TextInput } from '../form/TextInput';
import { CheckCircleIcon, LockIcon, SwapVertIcon } from '../plain/pageIcons';
import { PlainAlert } from '../plain/PlainAlert';
import { PlainButton } from '../plain/PlainButton';
import { StatusPill } from '../StatusPill';
import { bothScores, deadlineStatusAt, hasBothScores, parseScore, PICK_TEXTS, pickLock, SCORE_RANGE_TEXT } from './pickRules';
import { coverOutcome, type PickFormat, POOL_TEXTS, spreadText } from './poolFormat';
import { formatCountdown, formatDateTime, formatDeadline, formatWeekdayTime, lineText } from '../../format';
import '../cards.css';
import './GameCard.css';

/** Scores are saved once the member stops typing for this long with both filled in. */
export const SCORE_SAVE_DELAY_MS = 700;

export interface GameCardProps {
  game: Game;
  /** The member's pick of the game; undefined when there is none (and always for admins). */
  pick?: Pick;
  weekStatus?: WeekStatus;
  /** Admins make no picks from the dashboard (docs/product.md#product). */
  canPick: boolean;
  now: number;
  onPick: (game: Game, team: string, scores?: { home: number; away: number }) => void;
  /** The season's pool format; absent, the spec's rules (nothing below applies). */
  format?: PickFormat;
  /** Confidence: this game's points are the first tapped of a swap. */
  swapSelected?: boolean;
  /** Confidence: the points badge was tapped (the page pairs two taps into a swap). */
  onPointsTap?: (game: Game) => void;
  /** Lock: the lock toggle was tapped (true: make this pick the lock). */
  onLock?: (game: Game, lock: boolean) => void;
}

const COVER_PILLS = {
  covered: { tone: 'good', text: POOL_TEXTS.covered },
  not_covered: { tone: 'bad', text: POOL_TEXTS.notCovered },
  push: { tone: 'neutral', text: POOL_TEXTS.push },
} as const;

const ranked = (team: GameTeam, ranking: number | null) => (ranking ? `#${ranking} ${team.name}` : team.name);
const scoreText = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

function DeadlineChip({ game, now }: { game: Game; now: number }) {
  const status = deadlineStatusAt(game, now);
  if (status === 'closed')
    return (
      <StatusPill tone="neutral" icon={<LockIcon />}>
        Closed
      </StatusPill>
    );
  const left = formatCountdown(Date.parse(game.pick_deadline) - now);
  return status === 'closing_soon' ? <StatusPill tone="warn">Closing soon · {left} left</StatusPill> : <StatusPill tone="good">Open</StatusPill>;
}

/** One game of the week: the matchup, line, kickoff, deadline, the member's pick and the tiebreaker scores. */
export const GameCard = memo(function GameCard({ game, pick, weekStatus, canPick, now, onPick, format, swapSelected = false, onPointsTap, onLock }: GameCardProps) {
  const lock = pickLock(game, weekStatus, Boolean(pick), now);
  // Against the spread the team buttons carry the line, so the details line doesn't repeat it.
  const spreadButtons = canPick && format?.spread === true;
  const line = spreadButtons ? null : lineText(game);
  const cover = format?.spread ? coverOutcome(game, pick) : null;
  const extras = canPick && pick !== undefined && (format?.confidence || format?.lock);
  const titleId = useId();
  const helperId = useId();
  const [away, setAway] = useState(scoreText(pick?.tiebreaker_away_score));
  const [home, setHome] = useState(scoreText(pick?.tiebreaker_home_score));

  // Saved scores replace what is typed when they change (a save, a reload); a pick without scores keeps it.
  const savedAway = pick?.tiebreaker_away_score ?? null;
  const savedHome = pick?.tiebreaker_home_score ?? null;
  useEffect(() => {
    if (savedAway === null || savedHome === null) return;
    setAway(String(savedAway));
    setHome(String(savedHome));
  }, [savedAway, savedHome]);

  // Scores are saved once both are entered and a winner exists (docs/product.md#states); a refused pair is not resent until edited.
  const onPickRef = useRef(onPick);
  onPickRef.current = onPick;
  const lastSent = useRef<string | null>(null);
  useEffect(() => {
    if (!pick || lock || !game.is_tiebreaker) return;
    const scores = bothScores(away, home);
    const key = scores && `${scores.away}-${scores.home}`;
    if (!scores || key === lastSent.current || (scores.home === savedHome && scores.away === savedAway)) return;
    const timer = setTimeout(() => {
      lastSent.current = key;
      onPickRef.current(game, pick.selected_winner, scores);
    }, SCORE_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [away, home, pick, lock, game, savedAway, savedHome]);
  const edit = (set: (value: string) => void) => (value: string) => {
    lastSent.current = null;
    set(value);
  };

  const [awayInput, homeInput] = [parseScore(away), parseScore(home)];
  const invalid = awayInput.kind === 'invalid' || homeInput.kind === 'invalid';
  const oneMissing = (awayInput.kind === 'empty') !== (homeInput.kind === 'empty');
  const choose = (team: string) => onPick(game, team, bothScores(away, home) ?? undefined);
  const final = game.home_score !== null && game.away_score !== null && game.status === 'completed';

  const closed = deadlineStatusAt(game, now) === 'closed';

  // Compact on a phone (about 100–140 px for a plain game): the pills share the title's row, kickoff, line, score, deadline
  // and any lock share one line, and the two team buttons are the card's only tall part. Plain elements styled by class
  // (GameCard.css): a week's cards drew a few hundred MUI elements, each styled by Emotion as it rendered. Shorter words
  // on a phone (`tg-narrow`), so the line mostly fits one row: the kickoff without its date (the week's games share a few
  // days), the line without "Line:", "Deadline" for "Pick deadline".
  return (
    <article className="tg-card game-card" aria-labelledby={titleId}>
      <div className="game-card__head">
        <h3 id={titleId} className="game-card__title">
          {ranked(game.away_team, game.away_team_ranking)} @ {ranked(game.home_team, game.home_team_ranking)}
        </h3>
        {game.is_tiebreaker && <StatusPill tone="accent">Tiebreaker</StatusPill>}
        {canPick &&
          (pick ? (
            <StatusPill tone="good" icon={<CheckCircleIcon />}>
              {PICK_TEXTS.pickMade}
            </StatusPill>
          ) : (
            <StatusPill outlined>{PICK_TEXTS.noPick}</StatusPill>
          ))}
        {canPick && !format?.spread && pick?.is_correct === true && <StatusPill tone="good">Correct</StatusPill>}
        {canPick && !format?.spread && pick?.is_correct === false && <StatusPill tone="bad">Incorrect</StatusPill>}
        {canPick && cover && <StatusPill tone={COVER_PILLS[cover].tone}>{COVER_PILLS[cover].text}</StatusPill>}
        <DeadlineChip game={game} now={now} />
      </div>
      <p className="game-card__details">
        <span className="tg-wide">Kickoff {formatDateTime(game.game_date)}</span>
        <span className="tg-narrow">{formatWeekdayTime(game.game_date)}</span>
        {line && (
          <>
            {' · '}
            <span className="tg-wide">Line: </span>
            {line}
          </>
        )}
        {final && ` · Final: ${game.away_team.name} ${game.away_score}, ${game.home_team.name} ${game.home_score}`}
        {!closed && (
          <>
            {' · '}
            <span className="tg-wide">Pick deadline</span>
            <span className="tg-narrow">Deadline</span> {formatDeadline(game.pick_deadline, game.game_date)}
          </>
        )}
        {canPick && lock && (
          <span className="game-card__lock">
            <span aria-hidden="true">·</span>
            <LockIcon fontSize="inherit" />
            {lock}
          </span>
        )}
      </p>

      {canPick && (
        <>
          <div className="game-card__teams" role="group" aria-label={`Pick the winner: ${game.away_team.name} or ${game.home_team.name}`}>
            {[game.away_team, game.home_team].map((team) => {
              const selected = pick?.selected_winner === team.name;
              return (
                <PlainButton
                  key={team.id}
                  className="game-card__team"
                  variant={selected ? 'contained' : 'outlined'}
                  aria-pressed={selected}
                  disabled={lock !== null}
                  startIcon={selected ? <CheckCircleIcon /> : undefined}
                  onClick={() => !selected && choose(team.name)}
                >
                  {team.name}
                  {spreadButtons && ` ${spreadText(game, team)}`}
                </PlainButton>
              );
            })}
          </div>

          {extras && (
            <div className="game-card__extras">
              {format?.confidence && (
                <PlainButton
                  size="small"
                  variant={swapSelected ? 'contained' : 'outlined'}
                  color="secondary"
                  aria-pressed={swapSelected}
                  disabled={lock !== null}
                  startIcon={<SwapVertIcon />}
                  onClick={() => onPointsTap?.(game)}
                  className="game-card__extra game-card__points"
                >
                  {POOL_TEXTS.points(pick.confidence)}
                </PlainButton>
              )}
              {format?.lock && (
                <PlainButton
                  size="small"
                  variant={pick.is_lock ? 'contained' : 'outlined'}
                  color="secondary"
                  aria-pressed={pick.is_lock === true}
                  disabled={lock !== null}
                  startIcon={<LockIcon />}
                  onClick={() => onLock?.(game, !pick.is_lock)}
                  className="game-card__extra"
                >
                  {POOL_TEXTS.lock}
                </PlainButton>
              )}
              {swapSelected && (
                <p role="status" className="tg-secondary">
                  {POOL_TEXTS.swapHint}
                </p>
              )}
            </div>
          )}

          {game.is_tiebreaker && (
            <fieldset className="game-card__tiebreaker">
              <legend className="game-card__legend">Tiebreaker: predicted final score</legend>
              <div className="game-card__scores">
                {[
                  { team: game.away_team, value: away, set: edit(setAway), input: awayInput },
                  { team: game.home_team, value: home, set: edit(setHome), input: homeInput },
                ].map(({ team, value, set, input }) => (
                  <TextInput
                    key={team.id}
                    label={`${team.name} score`}
                    value={value}
                    onChange={(event) => set(event.target.value)}
                    disabled={lock !== null}
                    error={input.kind === 'invalid' || (oneMissing && input.kind === 'empty')}
                    inputMode="numeric"
                    pattern="[0-9]*"
                    maxLength={3}
                    autoComplete="off"
                    aria-describedby={helperId}
                  />
                ))}
              </div>
              <p id={helperId} className={helperClass(invalid || oneMissing)}>
                {invalid ? SCORE_RANGE_TEXT : bothScores(away, home) ? SCORE_RANGE_TEXT : PICK_TEXTS.bothScoresRequired}
              </p>
              {pick && !lock && !hasBothScores(pick) && (
                <PlainAlert severity="warning" style={{ marginTop: 8 }}>
                  {PICK_TEXTS.enterBothScores}
                </PlainAlert>
              )}
            </fieldset>
          )}
        </>
      )}
    </article>
  );
});
