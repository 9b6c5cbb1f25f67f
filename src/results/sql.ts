import { DateUtils } from 'typeorm/util/DateUtils';

/** A Date as both SQLite (TypeORM's UTC text) and MySQL/MariaDB (session time zone Z) store datetime columns. */
export const sqlDateTime = (date: Date): string => DateUtils.mixedDateToUtcDatetimeString(date) as string;

/** A datetime read by a raw query: SQLite answers UTC text without a zone, MySQL a Date. */
export const readDateTime = (value: string | Date): Date => (value instanceof Date ? value : new Date(`${value.replace(' ', 'T')}Z`));

/** DECIMAL columns come back as strings from MySQL. */
export const readNumber = (value: string | number | null): number | null => (value === null ? null : Number(value));
