// `npm run mutation -- --swaps [ruleset…]`: applies each hand-made swap of test/swaps/<ruleset>/*.patch (a
// rule applied in the wrong order or scope, the bug a person makes) to a temporary copy of the work tree,
// runs that ruleset's unit tests there, and reports each swap caught or survived, and caught/total per ruleset.
// The work tree itself is never patched, so an interrupted run leaves it as it was.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';

export const SWAPS_DIR = 'test/swaps';

/** A swap file's header (the text before its first `diff --git` line). */
export interface SwapHeader {
  rule: string;
  swap: string;
  caughtBy: string;
}

export type SwapVerdict = 'caught' | 'survived' | 'does-not-apply' | 'bad-header';

export interface SwapResult {
  ruleset: string;
  file: string;
  verdict: SwapVerdict;
  header: SwapHeader | null;
  /** Said when the swap was caught, but not by the test file its header names. */
  note?: string;
}

/** The header's `Rule:`, `Swap:` and `Caught by:` lines; null when one is missing or the file holds no diff. */
export function parseSwap(text: string): SwapHeader | null {
  const at = text.search(/^diff --git /m);
  if (at < 0) return null;
  const head = text.slice(0, at);
  const line = (name: string) => new RegExp(`^${name}:[ \\t]*(.+)$`, 'm').exec(head)?.[1]?.trim();
  const rule = line('Rule');
  const swap = line('Swap');
  const caughtBy = line('Caught by');
  return rule && swap && caughtBy ? { rule, swap, caughtBy } : null;
}

/** One line per swap, then each ruleset's caught/total; `ok` only when every swap applied and was caught. */
export function report(results: SwapResult[]): { lines: string[]; ok: boolean } {
  const lines = results.map(
    (r) => `${r.verdict.padEnd(14)} ${r.ruleset}/${r.file}${r.header ? `  (${r.header.rule}: ${r.header.swap})` : ''}${r.note ? ` [${r.note}]` : ''}`,
  );
  const rulesets = [...new Set(results.map((r) => r.ruleset))];
  for (const ruleset of rulesets) {
    const mine = results.filter((r) => r.ruleset === ruleset);
    lines.push(`${ruleset}: caught ${mine.filter((r) => r.verdict === 'caught').length}/${mine.length}`);
  }
  return { lines, ok: results.every((r) => r.verdict === 'caught') };
}

/** The rulesets named, or every folder of test/swaps. */
export function rulesetsToRun(root: string, named: string[]): string[] {
  const all = existsSync(join(root, SWAPS_DIR)) ? readdirSync(join(root, SWAPS_DIR)).filter((d) => !d.startsWith('.')).sort() : [];
  const unknown = named.filter((n) => !all.includes(n));
  if (unknown.length > 0) throw new Error(`no swaps for ${unknown.join(', ')} (known: ${all.join(', ') || 'none'})`);
  return named.length > 0 ? named : all;
}

/** Not copied: what the tests never read, and the large results of earlier Stryker runs. */
const SKIP = new Set(['node_modules', '.git', '.stryker-tmp', 'cdk.out', 'test/mutation/results']);

/** A copy of the work tree (node_modules linked, ../shared linked beside it) in a fresh temporary folder. */
function copyTree(root: string): { dir: string; repo: string } {
  const dir = mkdtempSync(join(tmpdir(), 'dusk-swaps-'));
  const repo = join(dir, 'repo');
  cpSync(root, repo, { recursive: true, filter: (src) => !SKIP.has(relative(root, src)) });
  symlinkSync(join(root, 'node_modules'), join(repo, 'node_modules'));
  const shared = resolve(root, '..', 'shared');
  if (existsSync(shared)) symlinkSync(shared, join(dir, 'shared'));
  return { dir, repo };
}

const git = (cwd: string, args: string[]) => spawnSync('git', ['apply', ...args], { cwd, encoding: 'utf8' });

const vitest = (repo: string, files: string) =>
  spawnSync(join(repo, 'node_modules/.bin/vitest'), ['run', '--project', 'unit', '--bail', '1', files], {
    cwd: repo,
    encoding: 'utf8',
    env: { ...process.env, DUSK_SHARED: resolve(repo, '..', 'shared') },
  }).status === 0;

/** The test file a `Caught by:` line names (the text before its first ` > `). */
export const caughtByFile = (header: SwapHeader) => header.caughtBy.split(' > ')[0]!.trim();

/**
 * Applies one swap in the copy and runs the ruleset's unit tests there (its `Caught by` file first, then,
 * if that passes, the whole folder; each stops at its first failure), then takes the swap back.
 */
function trySwap(repo: string, ruleset: string, patch: string, header: SwapHeader): { verdict: SwapVerdict; note?: string } {
  if (git(repo, ['--check', patch]).status !== 0) return { verdict: 'does-not-apply' };
  if (git(repo, [patch]).status !== 0) return { verdict: 'does-not-apply' };
  try {
    const named = caughtByFile(header);
    if (existsSync(join(repo, named)) && !vitest(repo, named)) return { verdict: 'caught' };
    if (vitest(repo, `test/unit/${ruleset}`)) return { verdict: 'survived' };
    return { verdict: 'caught', note: `not by ${named}` };
  } finally {
    if (git(repo, ['-R', patch]).status !== 0) throw new Error(`could not take back ${patch} in the temporary copy ${repo}`);
  }
}

/** The whole swap mode; the exit status: 0 only when every swap applied and was caught. */
export function runSwaps(root: string, named: string[]): number {
  let rulesets: string[];
  try {
    rulesets = rulesetsToRun(root, named);
  } catch (e) {
    console.error((e as Error).message);
    return 2;
  }
  const { dir, repo } = copyTree(root);
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  const interrupted = () => {
    cleanup();
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  const results: SwapResult[] = [];
  try {
    for (const ruleset of rulesets) {
      const folder = join(root, SWAPS_DIR, ruleset);
      for (const file of readdirSync(folder).filter((f) => f.endsWith('.patch')).sort()) {
        const header = parseSwap(readFileSync(join(folder, file), 'utf8'));
        const tried = header ? trySwap(repo, ruleset, join(folder, file), header) : { verdict: 'bad-header' as const };
        const result: SwapResult = { ruleset, file, header, ...tried };
        console.log(report([result]).lines[0]);
        results.push(result);
      }
    }
  } finally {
    cleanup();
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  }
  const { lines, ok } = report(results);
  console.log('');
  for (const line of lines.slice(results.length)) console.log(line);
  return ok ? 0 : 1;
}
