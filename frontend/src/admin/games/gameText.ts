import type { GameRecord, TeamRef } from '../dataProvider';
import { GAME_STATUS_CHOICES } from './GameInputs';

const ranked = (team: TeamRef, ranking?: number | null) => `${ranking ? `#${ranking} ` : ''}${team.name}`;
type Matchup = Pick<GameRecord, 'home_team' | 'away_team'> & Partial<Pick<GameRecord, 'home_team_ranking' | 'away_team_ranking'>>;

/** "#5 Texas @ Michigan": away at home, with AP rankings where known. */
export const matchup = (game: Matchup) => `${ranked(game.away_team, game.away_team_ranking)} @ ${ranked(game.home_team, game.home_team_ranking)}`;

/** A game status as the console names it ("Final", "In progress"…). */
export const statusName = (status: string) => GAME_STATUS_CHOICES.find((choice) => choice.id === status)?.name ?? status;
