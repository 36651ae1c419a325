// Every rule id of the spec is cited by at least one test title in this folder.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const spec = join(import.meta.dirname, '../../../docs/rules/mafia.md');

describe('rule coverage', () => {
  it('MAF-0.1 every MAF id of the spec appears in a test title', () => {
    expect(existsSync(spec), `spec not found at ${spec}`).toBe(true);
    const ids = new Set(readFileSync(spec, 'utf8').match(/MAF-\d+\.\d+/g));
    expect(ids.size).toBeGreaterThan(140);
    const cited = new Set<string>();
    for (const file of readdirSync(import.meta.dirname).filter((f) => f.endsWith('.test.ts'))) {
      const text = readFileSync(join(import.meta.dirname, file), 'utf8');
      for (const [, title] of text.matchAll(/\bit\(\s*'((?:[^'\\]|\\.)*)'/g))
        for (const id of title!.match(/MAF-\d+\.\d+/g) ?? []) cited.add(id);
    }
    const missing = [...ids].filter((id) => !cited.has(id));
    expect(missing).toEqual([]);
  });
});
