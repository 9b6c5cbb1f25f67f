/** POST /survivor_contests/{id}/calculate: how far the contest's results got. */
export class SurvivorCalculationDto {
  /** Weeks with rows, from the contest's first week (its complete weeks, up to the week the contest ended). */
  weeks_calculated!: number;
  /** Entrants alive after the last calculated week (every entrant before the first). */
  alive_count!: number;
  /** The contest is over: at most one entrant left (or the survivors shared the win), or the season's last week done. */
  finished!: boolean;
}
