import { DateUtils } from 'typeorm/util/DateUtils';

/** A Date as both SQLite (TypeORM's UTC text) and MySQL/MariaDB (session time zone Z) store datetime columns. */
export const sqlDateTime = (date: Date): string => DateUtils.mixedDateToUtcDatetimeString(date) as string;

/** DECIMAL columns come back as strings from MySQL. */
export const readNumber = (value: string | number | null): number | null => (value === null ? null : Number(value));

/**
 * SQLite builds a large JSON answer itself (json_object / json_group_array run in C), which is several times faster
 * than turning thousands of rows into objects and back into text in JavaScript. `fields` maps each JSON key to an
 * SQL expression over the subquery `r`; a nested object is written as another field map.
 */
export interface JsonFields {
  [key: string]: string | JsonFields;
}

const jsonObject = (fields: JsonFields): string =>
  `json_object(${Object.entries(fields)
    .map(([key, value]) => `'${key}', ${typeof value === 'string' ? value : jsonObject(value)}`)
    .join(', ')})`;

export const sqliteJsonArray = (select: string, fields: JsonFields, orderBy: string): string =>
  `SELECT json_group_array(${jsonObject(fields)} ORDER BY ${orderBy}) AS body FROM (${select}) r`;
