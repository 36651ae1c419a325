// Issue 46: the single table is declared once (functions/adapters/aws/keys.ts). The item table in
// docs/architecture.md is the one keys.ts renders, and no adapter spells a key prefix of its own.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { actionSk, ITEMS, itemTable, matchKey, ownerActionsPrefix, PREFIX, slotsSk } from '../../../functions/adapters/aws/keys.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const sourcesUnder = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourcesUnder(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
/** The code of a file without its comments (a comment may show a key's shape). */
const code = (file: string) =>
  readFileSync(join(ROOT, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|\s)\/\/.*$/gm, '');

describe('the table declared once (issue 46)', () => {
  it("issue 46: docs/architecture.md's item table is keys.ts's", () => {
    const doc = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
    const listed = /<!-- items:start -->\n([\s\S]*?)\n<!-- items:end -->/.exec(doc)?.[1];
    expect(listed).toBe(itemTable());
  });

  it('issue 46: every item kind has its own sort key shape, and the builders nest as the queries read them', () => {
    const shapes = ITEMS.map((i) => `${i.pk} ${i.sk}`);
    expect(new Set(shapes).size).toBe(shapes.length);
    expect(actionSk('day-1', 'p1', 'vote').startsWith(ownerActionsPrefix('day-1', 'p1'))).toBe(true);
    expect(slotsSk('day-1', 'p1').startsWith(PREFIX.slots)).toBe(true);
    expect(matchKey('m1')).toBe(`${PREFIX.match}m1`);
  });

  it('issue 46: no module outside keys.ts spells a key prefix (in a string or a pattern); each builds its keys with keys.ts', () => {
    const prefixes = Object.values(PREFIX);
    const spelled = sourcesUnder('functions')
      .filter((f) => !f.endsWith('keys.ts') || f.endsWith('audience-keys.ts') || f.endsWith('event-keys.ts'))
      .flatMap((f) => prefixes.filter((p) => new RegExp(`(['\`]|/\\^)${p}`).test(code(f))).map((p) => `${f}: ${p}`));
    expect(spelled).toEqual([]);
  });
});
