// Every rule id of the spec is cited by the title of at least one test in this folder.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const here = import.meta.dirname;
const SPEC = join(here, '../../../docs/rules/lupus.md');
const ID = /LUP-\d+\.\d+/g;

/** The spec's ids; the snapshot in rule-ids.json stands in where the shared folder is absent. */
function specIds(): string[] {
  const snapshot = JSON.parse(readFileSync(join(here, 'rule-ids.json'), 'utf8')) as string[];
  if (!existsSync(SPEC)) return snapshot;
  return [...new Set(readFileSync(SPEC, 'utf8').match(ID) ?? [])];
}

/** Ids named in test titles (`it('LUP-… …'`) and in the scenarios' `rule` lists. */
function citedIds(): Set<string> {
  const cited = new Set<string>();
  for (const file of readdirSync(here).filter((f) => f.endsWith('.test.ts'))) {
    const source = readFileSync(join(here, file), 'utf8');
    for (const title of source.match(/\bit\(\s*(['"`])(?:(?!\1).)*\1/g) ?? []) {
      for (const id of title.match(ID) ?? []) cited.add(id);
    }
  }
  for (const file of readdirSync(join(here, 'scenarios')).filter((f) => f.endsWith('.json'))) {
    const scenario = JSON.parse(readFileSync(join(here, 'scenarios', file), 'utf8')) as { rule: string[] };
    for (const id of scenario.rule) cited.add(id);
  }
  return cited;
}

describe('rule coverage', () => {
  it('every LUP id of the spec is cited by a test title', () => {
    const cited = citedIds();
    const ids = specIds();
    expect(ids.length).toBeGreaterThan(100);
    expect(ids.filter((id) => !cited.has(id))).toEqual([]);
  });

  it('the id snapshot matches the spec when the spec is present', () => {
    if (!existsSync(SPEC)) return;
    const snapshot = JSON.parse(readFileSync(join(here, 'rule-ids.json'), 'utf8')) as string[];
    expect([...snapshot].sort()).toEqual([...specIds()].sort());
  });
});
