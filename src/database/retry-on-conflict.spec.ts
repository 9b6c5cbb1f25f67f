import { QueryFailedError } from 'typeorm';
import { retryOnConflict } from './retry-on-conflict';

const failure = (code: string) => new QueryFailedError('INSERT …', [], Object.assign(new Error(code), { code }));

describe('retryOnConflict', () => {
  it('runs the work again after a unique violation or a deadlock', async () => {
    const errors = [failure('ER_DUP_ENTRY'), failure('SQLITE_CONSTRAINT_UNIQUE'), failure('ER_LOCK_DEADLOCK')];
    const work = jest.fn(async () => {
      const error = errors.shift();
      if (error) throw error;
      return 'updated';
    });
    await expect(retryOnConflict(work)).resolves.toBe('updated');
    expect(work).toHaveBeenCalledTimes(4);
  });

  it('passes any other error straight on, and gives up after the last attempt', async () => {
    const other = jest.fn(async () => {
      throw failure('ER_NO_REFERENCED_ROW_2');
    });
    await expect(retryOnConflict(other)).rejects.toThrow('ER_NO_REFERENCED_ROW_2');
    expect(other).toHaveBeenCalledTimes(1);

    const always = jest.fn(async () => {
      throw failure('ER_DUP_ENTRY');
    });
    await expect(retryOnConflict(always, 3)).rejects.toThrow('ER_DUP_ENTRY');
    expect(always).toHaveBeenCalledTimes(3);
  });
});
