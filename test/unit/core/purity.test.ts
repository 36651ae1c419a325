// The engine stays pure: no clock, no Math.random, no I/O, no AWS SDK or Hono (ARCHITECTURE.md).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

const FORBIDDEN: Array<[RegExp, string]> = [
  [/Math\.random/, 'Math.random'],
  [/Date\.now|new Date\(\s*\)/, 'the clock'],
  [/performance\.now/, 'the clock'],
  [/from ['"](node:)?(fs|http|https|net|child_process|crypto|os|zlib|fs\/promises)['"]/, 'I/O'],
  [/from ['"]@aws-sdk/, 'the AWS SDK'],
  [/from ['"]hono/, 'Hono'],
  [/\bprocess\./, 'the process'],
  [/\bfetch\(/, 'the network'],
];

describe('engine purity', () => {
  const files = sources('engine');
  it('has sources to check', () => expect(files.length).toBeGreaterThan(10));
  it.each(files)('%s uses no clock, randomness or I/O', (file) => {
    const text = readFileSync(file, 'utf8');
    for (const [pattern, what] of FORBIDDEN) expect(pattern.test(text), `${file} reaches ${what}`).toBe(false);
  });
});
