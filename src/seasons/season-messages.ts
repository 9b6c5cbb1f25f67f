/** The answers when a season asked for is not there, the same from every module. */
export const NO_CURRENT_SEASON = 'No current football season';
export const SEASON_NOT_FOUND = 'Football season not found';

export const RULES_LOCKED = "The season's rules can't change once its first game has kicked off";
