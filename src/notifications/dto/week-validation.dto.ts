/** GET /weekly_notifications/validate: whether a week's games make a sendable weekly e-mail, and why not. */
export class WeekValidationDto {
  isValid!: boolean;
  gamesCount!: number;
  tiebreakerCount!: number;
  message!: string;
}
