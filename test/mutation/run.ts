// `npm run mutation -- engine/rulesets/lupus [more folders]`: StrykerJS on those folders only,
// incremental: one file per folder under test/mutation/results/, kept in git, so a rerun (here or on
// another machine) tests only the mutants whose code or tests changed.
// engine/** runs stryker.config.mjs (the pure unit tests); functions/** runs stryker.service.config.mjs
// (the stack tests, on one DynamoDB Local started here for the whole run), with only the test files
// that test/mutation/service-tests.ts maps to the mutated files (`DUSK_MUTATION_TESTS=all` runs them all).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, symlinkSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import { startDynamoLocal, type DynamoLocal } from '../../functions/local/dynamodb-local.js';
import { serviceTestsFor } from './service-tests.js';

// Folders and files are the arguments that name something on disk; the rest (`--concurrency 1`,
// `--concurrency=1`, ...) go to StrykerJS as they are. A file may name a range of its lines in StrykerJS's
// syntax, `functions/service/lifecycle.ts:272-317`: only the mutants on those lines, with their own results file.
const range = /:\d+-\d+$/;
const fileOf = (a: string) => a.replace(range, '');
const folders = process.argv.slice(2).filter((a) => !a.startsWith('-') && existsSync(fileOf(a)));
const extra = process.argv.slice(2).filter((a) => !folders.includes(a));
if (folders.length === 0) {
  console.error('usage: npm run mutation -- <folder> [<folder>...] [stryker options]');
  process.exit(2);
}
const clean = (f: string) => f.replace(/\/+$/, '');
const mutate = folders.map((f) => (fileOf(f).endsWith('.ts') ? f : `${clean(f)}/**/*.ts`)).join(',');
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
const service = folders.map(clean).filter((f) => f.startsWith('functions/') || f === 'functions');
if (service.length > 0 && service.length < folders.length) {
  console.error('one run mutates either engine/ or functions/, not both');
  process.exit(2);
}
const args = [
  'stryker', 'run', service.length > 0 ? 'stryker.service.config.mjs' : 'stryker.config.mjs',
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
const env = { ...process.env };
let dynamo: DynamoLocal | undefined;
if (service.length > 0) {
  const files = (f: string): string[] => (statSync(f).isDirectory()
    ? readdirSync(f).flatMap((name) => files(join(f, name)))
    : f.endsWith('.ts') ? [f] : []);
  if (!env.DUSK_MUTATION_TESTS) env.DUSK_MUTATION_TESTS = serviceTestsFor(service.map(fileOf).flatMap(files)).join(',');
  console.log(`tests: ${env.DUSK_MUTATION_TESTS}`);
  if (!env.DUSK_MUTATION_DYNAMO) {
    dynamo = await startDynamoLocal();
    env.DUSK_MUTATION_DYNAMO = dynamo.endpoint;
  }
}
const child = spawn('npx', args, { stdio: 'inherit', env });
const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
process.on('SIGINT', forward('SIGINT'));
process.on('SIGTERM', forward('SIGTERM'));
const status = await new Promise<number>((done) => child.on('close', (code) => done(code ?? 1)));
await dynamo?.stop();
process.exit(status);
