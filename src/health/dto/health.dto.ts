/** GET /health: the app answers and its database too. */
export class HealthDto {
  status!: 'ok';
  database!: { status: 'up'; type: string };
}

/** GET /app_config: what the web app needs before anyone logs in. */
export class AppConfigDto {
  app_name!: string;
}
