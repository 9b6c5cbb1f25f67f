import { flag, hoursList, integer, path } from './parsers';
import { settingGroup } from './setting';

const REMINDER_HOURS_MAX = 168;

/** The automatic results, the scheduled jobs and the daily backup. */
export const JOB_SETTINGS = settingGroup(
  {
    title: 'Results, scheduled jobs and backups',
    intro: 'Scheduled jobs (pick reminders, the picks sheet at lock, the daily upkeep) are checked every minute. Several instances may share one database: each reminder and sheet still goes out once.',
  },
  {
    AUTO_CALCULATE_RESULTS: {
      description: "recalculate a week's results and the season standings when an admin records the week's last missing winner (or corrects one on a finished week)",
      parse: flag,
      default: 'true',
    },
    SCHEDULER_ENABLED: {
      description: 'run the scheduled jobs (pick reminders, picks sheet) in this instance; `false` runs none here. See `GET /api/jobs`',
      parse: flag,
      default: 'true',
    },
    REMINDER_HOURS: {
      description: `hours before each week's first pick deadline at which pick reminders go out (comma-separated, up to ${REMINDER_HOURS_MAX})`,
      parse: hoursList(REMINDER_HOURS_MAX, `REMINDER_HOURS must be hours before the first pick deadline, such as 24,2 (each above 0, at most ${REMINDER_HOURS_MAX})`),
      default: '24,2',
    },
    BACKUP_DIR: {
      description: 'where `npm run backup` and the daily backup write copies of the embedded database (SQLite only; on MySQL/MariaDB use `mariadb-dump`)',
      parse: path,
      defaultText: '`DATA_DIR/backups`',
    },
    BACKUP_KEEP: {
      description: 'daily backups kept (the oldest go); `0` turns the daily backup off (embedded database only)',
      parse: integer(0, 365),
      default: '7',
    },
    BACKUP_HOUR: {
      description: 'the hour (UTC, 0–23) from which the daily backup is due',
      parse: integer(0, 23),
      default: '3',
    },
  },
);
