import { FindOperator, Raw } from 'typeorm';

/** The escape character of our LIKE patterns; '!' needs no escaping in SQL string literals on any database. */
const LIKE_ESCAPE = '!';

/** Text made safe inside a LIKE pattern: %, _ and the escape character itself match only themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[!%_]/g, (character) => `${LIKE_ESCAPE}${character}`);
}

let parameters = 0;
/** A parameter name of its own for each operator, so several can share one query. */
const parameterName = (prefix: string) => `${prefix}${++parameters}`;

/**
 * A column containing the text, ignoring case. Both sides go through the database's LOWER so SQLite and
 * MariaDB compare the same way.
 */
export function containsIgnoringCase(text: string): FindOperator<string> {
  const name = parameterName('contains');
  return Raw((column) => `LOWER(${column}) LIKE LOWER(:${name}) ESCAPE '${LIKE_ESCAPE}'`, { [name]: `%${escapeLike(text)}%` });
}

/** A column equal to the text, ignoring case (SQLite's unique indexes are case-sensitive, MariaDB's are not). */
export function equalsIgnoringCase(text: string): FindOperator<string> {
  const name = parameterName('equals');
  return Raw((column) => `LOWER(${column}) = LOWER(:${name})`, { [name]: text });
}
