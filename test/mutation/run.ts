// `npm run mutation -- engine/rulesets/lupus [more folders]`: StrykerJS on those folders only,
// incremental: one file per folder under test/mutation/results/, kept in git, so a rerun (here or on
// another machine) tests only the mutants whose code or tests changed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { resolve } from 'node:path';

// Folders and files are the arguments that name something on disk; the rest (`--concurrency 1`,
// `--concurrency=1`, ...) go to StrykerJS as they are.
const folders = process.argv.slice(2).filter((a) => !a.startsWith('-') && existsSync(a));
const extra = process.argv.slice(2).filter((a) => !folders.includes(a));
if (folders.length === 0) {
  console.error('usage: npm run mutation -- <folder> [<folder>...] [stryker options]');
  process.exit(2);
}
const clean = (f: string) => f.replace(/\/+$/, '');
const mutate = folders.map((f) => (f.endsWith('.ts') ? f : `${clean(f)}/**/*.ts`)).join(',');
const slug = folders.map((f) => clean(f).replace(/[^a-z0-9]+/gi, '-')).join('+');
const args = [
  'stryker', 'run', 'stryker.config.mjs',
  '--mutate', mutate,
  '--incrementalFile', `test/mutation/results/${slug}.incremental.json`,
  ...extra,
];
// Some unit tests read the specs at ../shared beside the work tree; from Stryker's sandbox
// (.stryker-tmp/sandbox-*/) that is .stryker-tmp/shared, so it points there.
const shared = resolve('..', 'shared');
if (existsSync(shared) && !existsSync('.stryker-tmp/shared')) {
  mkdirSync('.stryker-tmp', { recursive: true });
  symlinkSync(shared, '.stryker-tmp/shared');
}
const result = spawnSync('npx', args, { stdio: 'inherit' });
process.exit(result.status ?? 1);
