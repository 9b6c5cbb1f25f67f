/**
 * `npm run bench:passwords`: what the common-password list costs the process that first checks a new password: the
 * time to read and index it, the heap it keeps, and one look-up. Prints figures; asserts nothing.
 */
import { commonPasswords, isCommonPassword } from '../../src/common/passwords/common-passwords';

const gc = (globalThis as { gc?: () => void }).gc;

async function main(): Promise<void> {
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  const list = await commonPasswords();
  const loadMs = performance.now() - started;
  gc?.();
  const keptMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
  const lookups = 100_000;
  const lookupStarted = performance.now();
  for (let i = 0; i < lookups; i++) await isCommonPassword(`kettle-drum-${i}`);
  const lookupUs = ((performance.now() - lookupStarted) * 1000) / lookups;
  console.log(`lines in the shipped list: ${list.listed.toLocaleString('en-US')}`);
  console.log(`entries kept (12–128 characters): ${list.keys.size.toLocaleString('en-US')}`);
  console.log(`first load: ${loadMs.toFixed(0)} ms`);
  console.log(`heap kept: ${gc ? `${keptMb.toFixed(1)} MB` : 'run with node --expose-gc to measure'}`);
  console.log(`one look-up after the load: ${lookupUs.toFixed(2)} µs`);
}

void main();
