import { ValueTransformer } from 'typeorm';

/** MySQL returns DECIMAL columns as strings; the API speaks numbers on every database. */
export const decimalTransformer: ValueTransformer = {
  to: (value?: number | null) => value,
  from: (value?: string | number | null) => (value === null || value === undefined ? null : Number(value)),
};
