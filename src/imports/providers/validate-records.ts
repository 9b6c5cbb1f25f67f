import { ClassConstructor, plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { malformed } from './fetch-json';

/**
 * A provider's list checked record by record against the class-validator shape we rely on: the first record that
 * does not fit fails the whole answer (docs/imports.md: a malformed answer writes nothing).
 */
export function validateRecords<T extends object>(label: string, what: string, shape: ClassConstructor<T>, data: unknown): T[] {
  if (!Array.isArray(data)) throw malformed(label, `${what}: expected a list`);
  return data.map((raw, index) => {
    if (typeof raw !== 'object' || raw === null) throw malformed(label, `${what} #${index + 1} is not an object`);
    const record = plainToInstance(shape, raw, { exposeDefaultValues: true });
    const [error] = validateSync(record, { forbidUnknownValues: false });
    if (error) throw malformed(label, `${what} #${index + 1}: ${Object.values(error.constraints ?? { nested: `${error.property} is invalid` })[0]}`);
    return record;
  });
}
