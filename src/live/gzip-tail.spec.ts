import { gunzipSync } from 'node:zlib';
import { gzipPrefix, gzipWithTail } from './gzip-tail';

describe('a gzip stream of a shared prefix and a tail of its own', () => {
  it('unzips to the prefix and the tail, for short, empty and long tails', async () => {
    const prefix = Buffer.from(`{"games":${JSON.stringify(Array.from({ length: 500 }, (_, i) => ({ id: i, name: `Team ${i % 37}` })))}`);
    const shared = await gzipPrefix(prefix);
    // The shared part is compressed.
    expect(shared.head.length).toBeLessThan(prefix.length / 4);
    for (const tail of [Buffer.from(',"me":{"id":7}}'), Buffer.alloc(0), Buffer.from('x'.repeat(150_000)), Buffer.alloc(0xffff, 'y'), Buffer.alloc(0x10000, 'z')]) {
      const whole = gzipWithTail(shared, tail);
      expect(gunzipSync(whole).equals(Buffer.concat([prefix, tail]))).toBe(true);
    }
  });

  it('takes an empty prefix', async () => {
    expect(gunzipSync(gzipWithTail(await gzipPrefix(Buffer.alloc(0)), Buffer.from('{}'))).toString()).toBe('{}');
  });
});
