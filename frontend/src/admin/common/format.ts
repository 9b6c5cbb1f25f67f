/** A calendar date (YYYY-MM-DD) as the browser's locale writes it, without a time zone shift. */
export const dateText = (value: string | null | undefined) =>
  value ? new Date(`${value.slice(0, 10)}T00:00:00Z`).toLocaleDateString(undefined, { timeZone: 'UTC', dateStyle: 'medium' }) : '';

/** An instant in the browser's time zone. */
export const dateTimeText = (value: string | null | undefined) =>
  value ? new Date(value).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '';
