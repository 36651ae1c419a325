// A random sample of a set of mutants (`npm run mutation -- <files> --sample 120 [--seed 1]`, run.ts): for
// the stack-tested files whose thousands of mutants would take days, a measured estimate of their score.
// Every mutant of the named files (or line ranges) is listed with StrykerJS's own instrumenter, a seeded
// shuffle picks the sample, and sample-ignorer.mjs makes StrykerJS test exactly those; the score is then
// read back for the picked mutants only, with a 95 % Wilson interval.
import { readFileSync } from 'node:fs';
import { Instrumenter } from '@stryker-mutator/instrumenter';
import { createRng } from '../../engine/core/rng.js';

export interface Position {
  line: number;
  column: number;
}
/** One mutant as the instrumenter places it: line 0-based, column 0-based. */
export interface PickedMutant {
  file: string;
  mutator: string;
  replacement: string;
  location: { start: Position; end: Position };
}

const quiet = {
  isTraceEnabled: () => false,
  isDebugEnabled: () => false,
  isInfoEnabled: () => false,
  trace() {},
  debug() {},
  info() {},
  warn: console.warn,
  error: console.error,
  fatal: console.error,
};

/** `file` or `file:startLine-endLine` (1-based, as StrykerJS's --mutate reads it) → every mutant there. */
export async function listMutants(specs: string[]): Promise<PickedMutant[]> {
  const ranges = new Map<string, { start: Position; end: Position }[] | true>();
  for (const spec of specs) {
    const [, file, from, to] = /^(.*?)(?::(\d+)-(\d+))?$/.exec(spec)!;
    const known = ranges.get(file!);
    if (!from) ranges.set(file!, true);
    else if (known !== true) {
      const range = { start: { line: Number(from) - 1, column: 0 }, end: { line: Number(to) - 1, column: Number.MAX_SAFE_INTEGER } };
      ranges.set(file!, [...(known ?? []), range]);
    }
  }
  const files = [...ranges].map(([name, mutate]) => ({ name, content: readFileSync(name, 'utf8'), mutate }));
  const { mutants } = await new Instrumenter(quiet as never).instrument(files, {
    plugins: null,
    excludedMutations: [],
    ignorers: [],
    noHeader: true,
  } as never);
  return mutants.map((m) => ({ file: m.fileName, mutator: m.mutatorName, replacement: m.replacement, location: m.location }));
}

/** `size` mutants drawn without replacement, by the engine's own seeded shuffle: the same seed, the same sample. */
export function pick<T>(all: readonly T[], size: number, seed: number): T[] {
  return createRng(String(seed), 'natural', 'mutation-sample').shuffle(all).slice(0, size);
}

/** The 95 % Wilson score interval of `killed` out of `total`. */
export function wilson(killed: number, total: number): { low: number; high: number } {
  if (total === 0) return { low: 0, high: 1 };
  const z = 1.959964;
  const p = killed / total;
  const centre = p + (z * z) / (2 * total);
  const spread = z * Math.sqrt((p * (1 - p)) / total + (z * z) / (4 * total * total));
  const scale = 1 + (z * z) / total;
  return { low: (centre - spread) / scale, high: (centre + spread) / scale };
}

interface ReportMutant {
  mutatorName: string;
  replacement?: string;
  status: string;
  location: { start: Position; end: Position };
}

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

/** Reads a StrykerJS report (its incremental file: 1-based lines and columns) back for the picked mutants. */
export function scoreSample(report: { files: Record<string, { mutants: ReportMutant[] }> }, picked: PickedMutant[]) {
  const rows = picked.map((m) => {
    const found = (report.files[m.file]?.mutants ?? []).filter(
      (r) =>
        r.mutatorName === m.mutator &&
        (r.replacement === undefined || r.replacement === m.replacement) &&
        r.location.start.line === m.location.start.line + 1 &&
        r.location.start.column === m.location.start.column + 1 &&
        r.location.end.line === m.location.end.line + 1 &&
        r.location.end.column === m.location.end.column + 1,
    );
    // A resumed run may have written a mutant again (a timeout is tested again): its latest verdict counts.
    const status = (found.filter((r) => DETECTED.has(r.status) || UNDETECTED.has(r.status)).at(-1) ?? found[0])?.status;
    return { ...m, status: status ?? 'missing' };
  });
  const detected = rows.filter((r) => DETECTED.has(r.status)).length;
  const valid = rows.filter((r) => DETECTED.has(r.status) || UNDETECTED.has(r.status)).length;
  // StrykerJS counts a timeout detected; on the stack tests most are survivors that ran past the time allowed.
  const timedOut = rows.filter((r) => r.status === 'Timeout').length;
  return { rows, detected, valid, timedOut, score: valid ? detected / valid : 0, interval: wilson(detected, valid) };
}

/** The lines live-reporter.mjs wrote, as a report scoreSample reads. */
export function liveReport(lines: string): { files: Record<string, { mutants: ReportMutant[] }> } {
  const files: Record<string, { mutants: ReportMutant[] }> = {};
  for (const line of lines.split('\n').filter(Boolean)) {
    const { file, ...mutant } = JSON.parse(line) as ReportMutant & { file: string };
    (files[file] ??= { mutants: [] }).mutants.push(mutant);
  }
  return { files };
}

/** Every mutant a live file holds, detected or not: the score of what a (possibly stopped) run tested. */
export function liveScore(lines: string): { detected: number; valid: number } {
  const statuses = Object.values(liveReport(lines).files).flatMap((f) => f.mutants.map((m) => m.status));
  return {
    detected: statuses.filter((s) => DETECTED.has(s)).length,
    valid: statuses.filter((s) => DETECTED.has(s) || UNDETECTED.has(s)).length,
  };
}

// Key order differs between a mutant as the instrumenter gives it and as read back from a file.
const key = ({ file, mutator, replacement, location: { start, end } }: PickedMutant) =>
  JSON.stringify([file, mutator, replacement, start.line, start.column, end.line, end.column]);
/** Whether two samples hold the same mutants in the same order (whatever verdicts they carry). */
export const samePicks = (a: PickedMutant[], b: PickedMutant[]) => a.length === b.length && a.every((m, i) => key(m) === key(b[i]!));

/**
 * A seed's shuffle drawn for N picks begins with the picks it gives for fewer, so the first N picks of a
 * larger sample are a sample of N drawn at random. The lines of the larger sample's live file that belong to
 * those N carry over; undefined when the larger sample does not begin with `picked` (other files, other seed).
 */
export function carryOver(larger: PickedMutant[], liveLines: string, picked: PickedMutant[]): string[] | undefined {
  if (!samePicks(larger.slice(0, picked.length), picked)) return undefined;
  const mine = new Set(picked.map(key));
  return liveLines
    .split('\n')
    .filter(Boolean)
    .filter((line) => {
      const { file, mutatorName, replacement, location } = JSON.parse(line) as ReportMutant & { file: string };
      return mine.has(
        key({
          file,
          mutator: mutatorName,
          replacement: replacement ?? '',
          location: {
            start: { line: location.start.line - 1, column: location.start.column - 1 },
            end: { line: location.end.line - 1, column: location.end.column - 1 },
          },
        }),
      );
    });
}
