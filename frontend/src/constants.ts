/** The constants of docs/product.md#constants, each in one place. */
export const SESSION_EXPIRED_NOTICE_MS = 6000;
export const PICK_SAVED_NOTICE_MS = 4000;
export const REGISTER_REDIRECT_MS = 1500;
export const TIEBREAKER_MIN = 0;
export const TIEBREAKER_MAX = 199;
export const DASHBOARD_STANDINGS_LIMIT = 10;
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';
/** docs/product.md#validation: a week or the season results need a season. */
export const SELECT_SEASON = 'Please select a football season';
