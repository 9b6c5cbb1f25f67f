import './fields.css';

/** The classes of fields.css for a field, its label and its helper text, in their error look when `error`. */
export const fieldClass = (error?: boolean) => (error ? 'tg-field tg-field--error' : 'tg-field');
export const labelClass = (error?: boolean) => (error ? 'tg-label tg-label--error' : 'tg-label');
export const helperClass = (error?: boolean) => (error ? 'tg-helper tg-helper--error' : 'tg-helper');
