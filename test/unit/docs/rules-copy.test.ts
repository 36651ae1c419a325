// docs/rules/ is the product's own copy of the rulesets' specs: it stays byte-equal to ../shared/rules,
// the steering copy, whenever that folder is beside the repository (a plain clone has only docs/rules).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const docs = resolve(import.meta.dirname, '../../../docs/rules');
const shared = resolve(process.env.DUSK_SHARED ?? resolve(import.meta.dirname, '../../../../shared'), 'rules');
const sharedHere = existsSync(shared);
if (!sharedHere) console.log(`rules-copy: ${shared} is absent, so only docs/rules is checked (a clone without the steering folder)`);

describe('docs/rules holds the specs', () => {
  it('every ruleset has its spec in docs/rules, with rule ids', () => {
    for (const spec of ['lupus.md', 'mafia.md', 'killgame.md']) {
      expect(readFileSync(join(docs, spec), 'utf8')).toMatch(/\b(LUP|MAF|KG)-\d+\.\d+/);
    }
  });

  it.runIf(sharedHere)('docs/rules is byte-equal to ../shared/rules, file for file', () => {
    const names = readdirSync(shared).sort();
    expect(readdirSync(docs).sort()).toEqual(names);
    for (const name of names) expect(readFileSync(join(docs, name), 'utf8'), name).toBe(readFileSync(join(shared, name), 'utf8'));
  });
});
