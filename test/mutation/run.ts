// `npm run mutation -- engine/rulesets/lupus [more folders]`: StrykerJS on those folders only,
// incremental: one file per folder under test/mutation/results/, kept in git, so a rerun (here or on
// another machine) tests only the mutants whose code or tests changed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { createHash } from 'node:crypto';
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
const joined = folders.map((f) => clean(f).replace(/[^a-z0-9]+/gi, '-')).join('+');
// A long list of files would make a name the file system refuses (255 bytes): then the folder they
// share, plus a short hash of the list, names the file.
const shared = (a: string, b: string) => {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i += 1;
  return a.slice(0, i);
};
const common = folders.map(clean).reduce(shared).replace(/[^/]*$/, '').replace(/\/+$/, '') || 'files';
const slug = joined.length <= 120
  ? joined
  : `${common.replace(/[^a-z0-9]+/gi, '-')}-${createHash('sha1').update(joined).digest('hex').slice(0, 8)}`;
const args = [
  'stryker', 'run', 'stryker.config.mjs',
  '--mutate', mutate,
  '--incrementalFile', `test/mutation/results/${slug}.incremental.json`,
  ...extra,
];
// Some unit tests read the specs at ../shared beside the work tree; from Stryker's sandbox
// (.stryker-tmp/sandbox-*/) that is .stryker-tmp/shared, so it points there.
const specs = resolve('..', 'shared');
if (existsSync(specs) && !existsSync('.stryker-tmp/shared')) {
  mkdirSync('.stryker-tmp', { recursive: true });
  symlinkSync(specs, '.stryker-tmp/shared');
}
const result = spawnSync('npx', args, { stdio: 'inherit' });
process.exit(result.status ?? 1);
