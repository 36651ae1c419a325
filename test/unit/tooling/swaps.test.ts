// The swap mode of `npm run mutation -- --swaps` (test/mutation/swaps.ts): reading a swap's header, the
// report, and the kept swaps themselves (each names a test that exists).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { caughtByFile, parseSwap, report, rulesetsToRun, SWAPS_DIR } from '../../mutation/swaps.js';

const root = join(import.meta.dirname, '../../..');
const diff = 'diff --git a/x.ts b/x.ts\n--- a/x.ts\n+++ b/x.ts\n@@ -1 +1 @@\n-a\n+b\n';

describe('the swap header', () => {
  it('reads Rule, Swap and Caught by from the text before the first diff', () => {
    const text = `Rule: MAF-3.5\nSwap: jailing by a majority.\nCaught by: test/unit/mafia/a.test.ts > block > name\n\n${diff}`;
    expect(parseSwap(text)).toEqual({
      rule: 'MAF-3.5',
      swap: 'jailing by a majority.',
      caughtBy: 'test/unit/mafia/a.test.ts > block > name',
    });
    expect(caughtByFile(parseSwap(text)!)).toBe('test/unit/mafia/a.test.ts');
  });

  it('is refused when a line is missing, when it sits inside the diff, or when there is no diff', () => {
    expect(parseSwap(`Rule: X\nSwap: y\n\n${diff}`)).toBeNull();
    expect(parseSwap(`Rule: X\nSwap: y\n${diff}Caught by: z\n`)).toBeNull();
    expect(parseSwap('Rule: X\nSwap: y\nCaught by: z\n')).toBeNull();
  });
});

describe('the report', () => {
  const h = { rule: 'R', swap: 's', caughtBy: 'f > t' };
  it("prints one line per swap and each ruleset's caught/total; ok only when every swap was caught", () => {
    const { lines, ok } = report([
      { ruleset: 'mafia', file: '01-a.patch', verdict: 'caught', header: h },
      { ruleset: 'mafia', file: '02-b.patch', verdict: 'survived', header: h },
      { ruleset: 'lupus', file: '01-c.patch', verdict: 'caught', header: h, note: 'not by f' },
    ]);
    expect(lines).toEqual([
      'caught         mafia/01-a.patch  (R: s)',
      'survived       mafia/02-b.patch  (R: s)',
      'caught         lupus/01-c.patch  (R: s) [not by f]',
      'mafia: caught 1/2',
      'lupus: caught 1/1',
    ]);
    expect(ok).toBe(false);
  });

  it('a swap that does not apply or has no header is not ok', () => {
    expect(report([{ ruleset: 'mafia', file: 'a.patch', verdict: 'does-not-apply', header: h }]).ok).toBe(false);
    expect(report([{ ruleset: 'mafia', file: 'a.patch', verdict: 'bad-header', header: null }]).lines).toEqual([
      'bad-header     mafia/a.patch',
      'mafia: caught 0/1',
    ]);
    expect(report([{ ruleset: 'mafia', file: 'a.patch', verdict: 'caught', header: h }]).ok).toBe(true);
  });

  it('names every ruleset with swaps when none is given, and refuses an unknown one', () => {
    expect(rulesetsToRun(root, [])).toContain('mafia');
    expect(rulesetsToRun(root, ['mafia'])).toEqual(['mafia']);
    expect(() => rulesetsToRun(root, ['chess'])).toThrow(/no swaps for chess/);
  });
});

describe('the kept swaps', () => {
  for (const ruleset of rulesetsToRun(root, [])) {
    for (const file of readdirSync(join(root, SWAPS_DIR, ruleset)).filter((f) => f.endsWith('.patch'))) {
      it(`${ruleset}/${file} has a header whose Caught by names a test that exists`, () => {
        const header = parseSwap(readFileSync(join(root, SWAPS_DIR, ruleset, file), 'utf8'));
        expect(header).not.toBeNull();
        const name = header!.caughtBy.split(' > ').at(-1)!;
        expect(readFileSync(join(root, caughtByFile(header!)), 'utf8')).toContain(name);
      });
    }
  }
});
