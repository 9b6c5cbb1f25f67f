/** What a game or a pick shows of a team (besides its id): the columns their lean reads take. */
export const TEAM_FIELDS = ['name', 'nickname'] as const;
