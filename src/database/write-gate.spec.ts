import { SerialQueue } from './write-gate';

describe('SerialQueue', () => {
  it('runs work one at a time, in order, and goes on after a failure', async () => {
    const queue = new SerialQueue();
    const log: string[] = [];
    const step = (name: string, ms: number, fail = false) => async () => {
      log.push(`start ${name}`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      log.push(`end ${name}`);
      if (fail) throw new Error(name);
      return name;
    };
    const results = await Promise.allSettled([queue.run(step('a', 20)), queue.run(step('b', 1, true)), queue.run(step('c', 1))]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });
});
