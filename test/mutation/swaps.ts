// `npm run mutation -- --swaps [ruleset…]`: applies each hand-made swap of test/swaps/<ruleset>/*.patch (a
// rule applied in the wrong order or scope, the bug a person makes) to a temporary copy of the work tree,
// runs that ruleset's unit tests there, and reports each swap caught or survived, and caught/total per ruleset.
// The work tree itself is never patched, so an interrupted run leaves it as it was.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
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
    (r) =>
      `${r.verdict.padEnd(14)} ${r.ruleset}/${r.file}${r.header ? `  (${r.header.rule}: ${r.header.swap})` : ''}${r.note ? ` [${r.note}]` : ''}`,
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
  const all = existsSync(join(root, SWAPS_DIR))
    ? readdirSync(join(root, SWAPS_DIR))
        .filter((d) => !d.startsWith('.'))
        .sort()
    : [];
  const unknown = named.filter((n) => !all.includes(n));
  if (unknown.length > 0) throw new Error(`no swaps for ${unknown.join(', ')} (known: ${all.join(', ') || 'none'})`);
  return named.length > 0 ? named : all;
}

/** Not copied: what the tests never read, and the large results of earlier Stryker runs. */
const SKIP = new Set(['node_modules', '.git', '.stryker-tmp', 'cdk.out', 'test/mutation/results']);

const PREFIX = 'dusk-swaps-';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Removes the copies of earlier runs whose process is gone (a run killed before its own cleanup). */
function sweepStaleCopies(): void {
  for (const name of readdirSync(tmpdir())) {
    const pid = Number(new RegExp(`^${PREFIX}(\\d+)-`).exec(name)?.[1]);
    if (pid && !alive(pid)) rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
}

/** A copy of the work tree (node_modules linked, ../shared linked beside it) in a fresh temporary folder. */
function copyTree(root: string): { dir: string; repo: string } {
  sweepStaleCopies();
  const dir = mkdtempSync(join(tmpdir(), `${PREFIX}${process.pid}-`));
  const repo = join(dir, 'repo');
  cpSync(root, repo, { recursive: true, filter: (src) => !SKIP.has(relative(root, src)) });
  symlinkSync(join(root, 'node_modules'), join(repo, 'node_modules'));
  const shared = resolve(root, '..', 'shared');
  if (existsSync(shared)) symlinkSync(shared, join(dir, 'shared'));
  return { dir, repo };
}

const git = (cwd: string, args: string[]) => spawnSync('git', ['apply', ...args], { cwd, encoding: 'utf8' });

/** Set on SIGINT or SIGTERM: the test run under way is stopped and the mode ends without a verdict. */
let stopping = false;
let running: ChildProcess | null = null;

/** Whether these unit tests pass in the copy (async, so a Ctrl-C is heard while they run). */
function vitest(repo: string, files: string): Promise<boolean> {
  return new Promise((done) => {
    const child = spawn(join(repo, 'node_modules/.bin/vitest'), ['run', '--project', 'unit', '--bail', '1', files], {
      cwd: repo,
      stdio: 'ignore',
      env: { ...process.env, DUSK_SHARED: resolve(repo, '..', 'shared') },
    });
    running = child;
    child.on('close', (code) => {
      running = null;
      done(code === 0);
    });
  });
}

/** The test file a `Caught by:` line names (the text before its first ` > `). */
export const caughtByFile = (header: SwapHeader) => header.caughtBy.split(' > ')[0]!.trim();

/**
 * Applies one swap in the copy and runs the ruleset's unit tests there (its `Caught by` file first, then,
 * if that passes, the whole folder; each stops at its first failure), then takes the swap back.
 */
async function trySwap(
  repo: string,
  ruleset: string,
  patch: string,
  header: SwapHeader,
): Promise<{ verdict: SwapVerdict; note?: string } | null> {
  const check = git(repo, ['--check', patch]);
  if (stopping || check.signal !== null) return null;
  if (check.status !== 0 || git(repo, [patch]).status !== 0) return stopping ? null : { verdict: 'does-not-apply' };
  const result = await runSwapped(repo, ruleset, header);
  if (git(repo, ['-R', patch]).status !== 0) throw new Error(`could not take back ${patch} in the temporary copy ${repo}`);
  return result;
}

/** The verdict on the swapped copy: its `Caught by` file first, then the ruleset's whole folder. */
async function runSwapped(repo: string, ruleset: string, header: SwapHeader): Promise<{ verdict: SwapVerdict; note?: string } | null> {
  const named = caughtByFile(header);
  const namedPasses = existsSync(join(repo, named)) ? await vitest(repo, named) : true;
  if (stopping) return null;
  if (!namedPasses) return { verdict: 'caught' };
  const allPass = await vitest(repo, `test/unit/${ruleset}`);
  if (stopping) return null;
  return allPass ? { verdict: 'survived' } : { verdict: 'caught', note: `not by ${named}` };
}

/** The whole swap mode; the exit status: 0 only when every swap applied and was caught (130 when stopped). */
export async function runSwaps(root: string, named: string[]): Promise<number> {
  let rulesets: string[];
  try {
    rulesets = rulesetsToRun(root, named);
  } catch (e) {
    console.error((e as Error).message);
    return 2;
  }
  const untested = rulesets.filter((r) => !existsSync(join(root, 'test/unit', r)));
  if (untested.length > 0) {
    console.error(`no unit tests in test/unit/ for ${untested.join(', ')}`);
    return 2;
  }
  const { dir, repo } = copyTree(root);
  // Stopped (Ctrl-C): the test run under way is killed and the copy removed at once; no verdict is printed.
  const interrupted = () => {
    if (stopping) return;
    stopping = true;
    running?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    console.error('stopped: the temporary copy is removed; the work tree was never patched');
    process.exit(130);
  };
  process.on('SIGINT', interrupted);
  process.on('SIGTERM', interrupted);
  const results: SwapResult[] = [];
  try {
    for (const ruleset of rulesets) {
      const folder = join(root, SWAPS_DIR, ruleset);
      for (const file of readdirSync(folder)
        .filter((f) => f.endsWith('.patch'))
        .sort()) {
        const header = parseSwap(readFileSync(join(folder, file), 'utf8'));
        const tried = header ? await trySwap(repo, ruleset, join(folder, file), header) : { verdict: 'bad-header' as const };
        if (!tried) {
          console.error('stopped: no verdict for this swap; the work tree was never patched');
          return 130;
        }
        const result: SwapResult = { ruleset, file, header, ...tried };
        console.log(report([result]).lines[0]);
        results.push(result);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  }
  const { lines, ok } = report(results);
  console.log('');
  for (const line of lines.slice(results.length)) console.log(line);
  return ok ? 0 : 1;
}
