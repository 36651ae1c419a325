// The sampled mutation run (test/mutation/sample.ts, `npm run mutation -- <files> --sample N`): the same
// seed picks the same mutants, every mutant can be picked, and the score is read back for the picked ones only.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  carryOver,
  listMutants,
  liveReport,
  liveScore,
  pick,
  samePicks,
  scoreSample,
  wilson,
  type PickedMutant,
} from '../../mutation/sample.js';
import { strykerPlugins } from '../../mutation/sample-checker.mjs';
import { NOT_PICKED, TESTED_BEFORE } from '../../mutation/sample-reasons.mjs';

const at = (line: number, column: number) => ({ line, column });
const mutant = (line: number, mutator = 'ConditionalExpression', replacement = 'true'): PickedMutant => ({
  file: 'functions/service/x.ts',
  mutator,
  replacement,
  location: { start: at(line, 4), end: at(line, 20) },
});
/** The same mutant as a StrykerJS report writes it: 1-based lines and columns. */
const reported = (m: PickedMutant, status: string) => ({
  mutatorName: m.mutator,
  replacement: m.replacement,
  status,
  location: {
    start: at(m.location.start.line + 1, m.location.start.column + 1),
    end: at(m.location.end.line + 1, m.location.end.column + 1),
  },
});

describe('picking a sample', () => {
  const all = Array.from({ length: 50 }, (_, i) => i);

  it('picks the same mutants for the same seed, and others for another seed', () => {
    expect(pick(all, 10, 1)).toEqual(pick(all, 10, 1));
    expect(pick(all, 10, 2)).not.toEqual(pick(all, 10, 1));
  });

  it('picks each mutant at most once, and no more than there are', () => {
    const sample = pick(all, 10, 3);
    expect(new Set(sample).size).toBe(10);
    expect(sample.every((m) => all.includes(m))).toBe(true);
    expect(pick(all, 80, 3).sort((a, b) => a - b)).toEqual(all);
    expect(all).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });

  it('gives every mutant about the same chance, the last as the first', () => {
    const times = new Array<number>(10).fill(0);
    for (let seed = 1; seed <= 2000; seed += 1) for (const m of pick(all.slice(0, 10), 3, seed)) times[m]! += 1;
    for (const count of times) expect(count / 2000).toBeGreaterThan(0.25);
    for (const count of times) expect(count / 2000).toBeLessThan(0.35);
  });
});

describe('the interval of a score', () => {
  it('is the 95 % Wilson interval', () => {
    const { low, high } = wilson(8, 10);
    expect(low).toBeCloseTo(0.4902, 3);
    expect(high).toBeCloseTo(0.9433, 3);
    expect(wilson(100, 100).low).toBeCloseTo(0.963, 3);
    expect(wilson(100, 100).high).toBeCloseTo(1, 6);
    expect(wilson(0, 0)).toEqual({ low: 0, high: 1 });
  });
});

describe('reading the score back', () => {
  it('counts the picked mutants only, killed and timed out as detected, survived and uncovered as not', () => {
    const picked = [mutant(1), mutant(2), mutant(3), mutant(4)];
    const report = {
      files: {
        'functions/service/x.ts': {
          mutants: [
            reported(picked[0]!, 'Killed'),
            reported(picked[1]!, 'Timeout'),
            reported(picked[2]!, 'Survived'),
            reported(picked[3]!, 'NoCoverage'),
            reported(mutant(1, 'ConditionalExpression', 'false'), 'Survived'),
            reported(mutant(9), 'Survived'),
          ],
        },
      },
    };
    const scored = scoreSample(report, picked);
    expect(scored.rows.map((r) => r.status)).toEqual(['Killed', 'Timeout', 'Survived', 'NoCoverage']);
    expect([scored.detected, scored.valid, scored.score]).toEqual([2, 4, 0.5]);
    expect(scored.interval).toEqual(wilson(2, 4));
    // Said apart: on the stack tests a timeout is most often a survivor that ran past its time.
    expect(scored.timedOut).toBe(1);
  });

  it('leaves out a mutant that did not compile or was not found, and says which', () => {
    const picked = [mutant(1), mutant(2), mutant(3)];
    const shifted = { ...reported(picked[2]!, 'Killed'), location: { ...reported(picked[2]!, 'Killed').location, start: at(4, 6) } };
    const report = {
      files: { 'functions/service/x.ts': { mutants: [reported(picked[0]!, 'Killed'), reported(picked[1]!, 'CompileError'), shifted] } },
    };
    const scored = scoreSample(report, picked);
    expect(scored.rows.map((r) => r.status)).toEqual(['Killed', 'CompileError', 'missing']);
    expect([scored.detected, scored.valid, scored.score]).toEqual([1, 1, 1]);
  });
});

describe('a run stopped before its end', () => {
  it('is scored from the lines written as each mutant was tested: those tested count, the rest are missing', () => {
    const picked = [mutant(1), mutant(2), mutant(3)];
    const lines = [reported(picked[1]!, 'Survived'), reported(picked[0]!, 'Killed')]
      .map((m) => JSON.stringify({ file: 'functions/service/x.ts', ...m }))
      .join('\n');
    const scored = scoreSample(liveReport(`${lines}\n`), picked);
    expect(scored.rows.map((r) => r.status)).toEqual(['Killed', 'Survived', 'missing']);
    expect([scored.detected, scored.valid]).toEqual([1, 2]);
    expect(liveReport('')).toEqual({ files: {} });
  });

  it('a whole (unsampled) run stopped early counts every mutant it tested, in every file', () => {
    const line = (file: string, status: string) => JSON.stringify({ file, ...reported(mutant(1), status) });
    const lines = [
      line('functions/service/a.ts', 'Killed'),
      line('functions/service/a.ts', 'Survived'),
      line('functions/service/b.ts', 'Timeout'),
      line('functions/service/b.ts', 'NoCoverage'),
      line('functions/service/b.ts', 'CompileError'),
      line('functions/service/b.ts', 'Ignored'),
    ].join('\n');
    expect(liveScore(`${lines}\n`)).toEqual({ detected: 2, valid: 4 });
    // A resumed run writes a mutant again when it left it out or it timed out before: the latest verdict counts.
    const written = (...statuses: string[]) =>
      liveReport(statuses.map((s) => JSON.stringify({ file: 'functions/service/x.ts', ...reported(mutant(1), s) })).join('\n'));
    expect(scoreSample(written('CompileError', 'Survived'), [mutant(1)]).rows[0]!.status).toBe('Survived');
    expect(scoreSample(written('Timeout', 'Survived', 'CompileError'), [mutant(1)]).rows[0]!.status).toBe('Survived');
    expect(liveScore('')).toEqual({ detected: 0, valid: 0 });
  });
});

describe('a smaller sample of the same seed', () => {
  const all = Array.from({ length: 30 }, (_, i) => mutant(i + 1));
  const line = (m: PickedMutant, status: string) => JSON.stringify({ file: m.file, ...reported(m, status) });

  it('is the first picks of the larger one, so it is itself drawn at random', () => {
    expect(pick(all, 20, 3).slice(0, 8)).toEqual(pick(all, 8, 3));
    expect(samePicks(pick(all, 20, 3).slice(0, 8), pick(all, 8, 4))).toBe(false);
  });

  it('keeps the verdicts the larger one gave its picks, and none of the others', () => {
    const larger = pick(all, 20, 3);
    const smaller = pick(all, 8, 3);
    const lines = [line(larger[0]!, 'Killed'), line(larger[12]!, 'Survived'), line(larger[7]!, 'Timeout'), line(larger[19]!, 'Killed')];
    const kept = carryOver(larger, `${lines.join('\n')}\n`, smaller)!;
    expect(kept).toEqual([lines[0], lines[2]]);
    // As read back from a sample's file, where a position may list its column first.
    const columnFirst = ({ line, column }: { line: number; column: number }) => ({ column, line });
    const stored = larger.map((m) => ({ ...m, location: { start: columnFirst(m.location.start), end: columnFirst(m.location.end) } }));
    expect(carryOver(stored, `${lines.join('\n')}\n`, smaller)).toEqual(kept);
    expect(scoreSample(liveReport(kept.join('\n')), smaller).rows.map((r) => r.status)).toEqual([
      'Killed',
      ...Array(6).fill('missing'),
      'Timeout',
    ]);
  });

  it('takes nothing from a sample that does not begin with its picks (another seed, or files that changed)', () => {
    const other = pick(all, 20, 4);
    expect(carryOver(other, `${line(other[0]!, 'Killed')}\n`, pick(all, 8, 3))).toBeUndefined();
    expect(carryOver(pick(all, 20, 3), '', pick(all, 8, 3))).toEqual([]);
  });
});

describe('listing the mutants of a file', () => {
  it('lists those on the named lines only, as StrykerJS places them', async () => {
    const whole = await listMutants(['functions/service/recent.ts']);
    const part = await listMutants(['functions/service/recent.ts:17-18']);
    expect(whole.length).toBeGreaterThan(part.length);
    expect(part.length).toBeGreaterThan(0);
    for (const m of part) {
      expect(m.location.start.line).toBeGreaterThanOrEqual(16);
      expect(m.location.end.line).toBeLessThanOrEqual(17);
      expect(whole).toContainEqual(m);
    }
    expect(await listMutants(['functions/service/recent.ts:17-18', 'functions/service/recent.ts'])).toEqual(whole);
  });
});

describe('the checker of a sampled run', () => {
  /** Every mutant of recent.ts as StrykerJS hands them to a checker (an id, the absolute path, 0-based places), checked. */
  async function checked(picked: PickedMutant[], live: string | null) {
    const dir = mkdtempSync(join(tmpdir(), 'dusk-sample-'));
    writeFileSync(join(dir, 'sample.json'), JSON.stringify({ picked }));
    if (live !== null) writeFileSync(join(dir, 'live.jsonl'), live);
    process.env.DUSK_MUTATION_SAMPLE = join(dir, 'sample.json');
    process.env.DUSK_MUTATION_LIVE = join(dir, 'live.jsonl');
    if (live === null) delete process.env.DUSK_MUTATION_RESUME;
    else process.env.DUSK_MUTATION_RESUME = '1';
    try {
      const checker = new strykerPlugins[0].injectableClass();
      await checker.init();
      const all = await listMutants(['functions/service/recent.ts']);
      const mutants = all.map((m, i) => ({
        id: String(i),
        fileName: resolve(m.file),
        mutatorName: m.mutator,
        replacement: m.replacement,
        location: m.location,
      }));
      const results = await checker.check(mutants as never);
      return all.map((m, i) => ({ mutant: m, result: results[String(i)]! }));
    } finally {
      for (const name of ['DUSK_MUTATION_SAMPLE', 'DUSK_MUTATION_LIVE', 'DUSK_MUTATION_RESUME']) delete process.env[name];
    }
  }

  it('passes the picked mutants and turns away the other mutants of their nodes before any test runs', async () => {
    const picked = pick(await listMutants(['functions/service/recent.ts']), 3, 7);
    const results = await checked(picked, null);
    expect(results.filter((r) => r.result.status === 'passed').map((r) => r.mutant)).toEqual(expect.arrayContaining(picked));
    expect(results.filter((r) => r.result.status === 'passed')).toHaveLength(3);
    expect(results.filter((r) => r.result.status !== 'passed').map((r) => r.result)).toEqual(
      Array(results.length - 3).fill({ status: 'compileError', reason: NOT_PICKED }),
    );
  });

  it('resumed, turns away the picks an earlier run gave a verdict, and tests again those it did not', async () => {
    const picked = pick(await listMutants(['functions/service/recent.ts']), 3, 7);
    const line = (m: PickedMutant, status: string) => JSON.stringify({ file: m.file, ...reported(m, status) });
    const live = `${[line(picked[0]!, 'Killed'), line(picked[1]!, 'CompileError'), line(picked[2]!, 'Timeout')].join('\n')}\n`;
    const results = await checked(picked, live);
    const of = (m: PickedMutant) => results.find((r) => JSON.stringify(r.mutant) === JSON.stringify(m))!.result;
    expect(of(picked[0]!)).toEqual({ status: 'compileError', reason: TESTED_BEFORE });
    expect(of(picked[1]!)).toEqual({ status: 'passed' });
    // A timeout is tested again (most are survivors that ran past their time).
    expect(of(picked[2]!)).toEqual({ status: 'passed' });
  });
});
