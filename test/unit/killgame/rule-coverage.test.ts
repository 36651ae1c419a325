// Every rule id of the spec is named by at least one test title in this folder.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = fileURLToPath(new URL('.', import.meta.url));
const spec = readFileSync(fileURLToPath(new URL('../../../docs/rules/killgame.md', import.meta.url)), 'utf8');

describe('rule coverage', () => {
  it('KG-0.1 every KG rule id of the spec is cited by a test title', () => {
    const ids = [...new Set(spec.match(/\*\*KG-\d+\.\d+/g)!.map((s) => s.slice(2)))];
    expect(ids.length).toBeGreaterThan(100);
    const titles = readdirSync(here)
      .filter((f) => f.endsWith('.test.ts'))
      .flatMap((f) => [...readFileSync(`${here}/${f}`, 'utf8').matchAll(/\bit\(\s*(['`"])(.*?)\1/g)].map((m) => m[2]!));
    const cited = new Set(titles.flatMap((t) => t.match(/KG-\d+\.\d+/g) ?? []));
    expect(ids.filter((id) => !cited.has(id))).toEqual([]);
  });
});
