// What the site's bucket is asked to write while the consumer runs: a publisher that notes each key.
import type { LocalStack } from '../../functions/local/stack.js';

/** Runs `run` with the stack's publisher noting each key it writes, and puts the publisher back after. */
export async function writesDuring(on: LocalStack, run: () => Promise<unknown>): Promise<string[]> {
  const real = on.ports.publisher;
  const written: string[] = [];
  on.ports.publisher = { put: (key, body) => (written.push(key), real.put(key, body)), remove: (key) => real.remove(key) };
  try {
    await run();
  } finally {
    on.ports.publisher = real;
  }
  return written;
}
