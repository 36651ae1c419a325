// `npm run mutation -- engine/rulesets/lupus [more folders]`: StrykerJS on those folders only,
// incremental: one file per folder under test/mutation/results/, kept in git, so a rerun (here or on
// another machine) tests only the mutants whose code or tests changed.
// engine/** runs stryker.config.mjs (the pure unit tests); functions/** runs stryker.service.config.mjs
// (the stack tests, on one DynamoDB Local started here for the whole run), with only the test files
// that test/mutation/service-tests.ts maps to the mutated files (`DUSK_MUTATION_TESTS=all` runs them all).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import { startDynamoLocal, type DynamoLocal } from '../../functions/local/dynamodb-local.js';
import { serviceTestsFor } from './service-tests.js';
import { runSwaps } from './swaps.js';
import { carryOver, listMutants, liveReport, liveScore, pick, samePicks, scoreSample, wilson, type PickedMutant } from './sample.js';

// Folders and files are the arguments that name something on disk; the rest (`--concurrency 1`,
// `--concurrency=1`, ...) go to StrykerJS as they are. A file may name a range of its lines in StrykerJS's
// syntax, `functions/service/lifecycle.ts:272-317`: only the mutants on those lines, with their own results file.
const range = /:\d+-\d+$/;
const fileOf = (a: string) => a.replace(range, '');
// `--sample N [--seed S]`: only N mutants drawn at random from those of the named files (sample.ts).
const argv = process.argv.slice(2);
// `--swaps [ruleset…]`: the hand-made swaps of test/swaps instead of StrykerJS's mutants (swaps.ts).
if (argv.includes('--swaps'))
  process.exit(
    await runSwaps(
      process.cwd(),
      argv.filter((a) => a !== '--swaps'),
    ),
  );
// `--files-from <file>`: the files and ranges listed there (whitespace apart), as if named one by one; a long list
// measured again and again (the rest of functions/service, test/mutation/rest-of-service.txt) is kept in one place.
const listAt = argv.indexOf('--files-from');
if (listAt >= 0)
  argv.splice(
    listAt,
    2,
    ...readFileSync(argv[listAt + 1]!, 'utf8')
      .split(/\s+/)
      .filter(Boolean),
  );
const option = (name: string) => {
  const at = argv.indexOf(name);
  if (at < 0) return undefined;
  const [, value] = argv.splice(at, 2);
  return Number(value);
};
const sampleSize = option('--sample');
const seed = option('--seed') ?? 1;
// `--resume` (with --sample): go on with a sampled run stopped earlier, here or in another session; the picks
// its live file already holds are not tested again.
const resume = argv.includes('--resume');
if (resume) argv.splice(argv.indexOf('--resume'), 1);
const folders = argv.filter((a) => !a.startsWith('-') && existsSync(fileOf(a)));
const extra = argv.filter((a) => !folders.includes(a));
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
const common =
  folders
    .map(clean)
    .reduce(shared)
    .replace(/[^/]*$/, '')
    .replace(/\/+$/, '') || 'files';
const slug =
  joined.length <= 120 ? joined : `${common.replace(/[^a-z0-9]+/gi, '-')}-${createHash('sha1').update(joined).digest('hex').slice(0, 8)}`;
const service = folders.map(clean).filter((f) => f.startsWith('functions/') || f === 'functions');
if (service.length > 0 && service.length < folders.length) {
  console.error('one run mutates either engine/ or functions/, not both');
  process.exit(2);
}
const files = (f: string): string[] =>
  statSync(f).isDirectory() ? readdirSync(f).flatMap((name) => files(join(f, name))) : f.endsWith('.ts') ? [f] : [];
const sampleName = sampleSize ? `${slug}.sample-${sampleSize}-seed-${seed}` : slug;
const incrementalFile = `test/mutation/results/${sampleName}.incremental.json`;
const sampleFile = `test/mutation/results/${sampleName}.json`;
let mutateArg = mutate;
if (sampleSize) {
  const specs = folders.flatMap((f) => (range.test(f) ? [f] : files(clean(f))));
  const all = await listMutants(specs);
  const picked = pick(all, sampleSize, seed);
  console.log(`sample: ${picked.length} of ${all.length} mutants (seed ${seed})`);
  if (resume && !existsSync(sampleFile)) startFromLarger(picked);
  const earlier = resume && existsSync(sampleFile) ? JSON.parse(readFileSync(sampleFile, 'utf8')) : { picked: [] };
  if (resume && !samePicks(earlier.picked, picked)) {
    console.error(`--resume: ${sampleFile} holds another sample (the files changed since, or it was never run): run without --resume`);
    process.exit(2);
  }
  writeFileSync(sampleFile, `${JSON.stringify({ of: all.length, seed, from: earlier.from, picked }, null, 1)}\n`);
  // StrykerJS's mutation ranges: 1-based lines, 0-based columns, as the instrumenter's own spans.
  mutateArg = picked
    .map(({ file, location: { start, end } }) => `${file}:${start.line + 1}:${start.column}-${end.line + 1}:${end.column}`)
    .join(',');
}
// `--sample 40 --seed 3 --resume` goes on from a stopped `--sample 80 --seed 3` of the same files, keeping the
// verdicts of its first 40 picks (carryOver, sample.ts).
function startFromLarger(picked: PickedMutant[]) {
  const name = new RegExp(`^${slug.replace(/[.+]/g, '\\$&')}\\.sample-(\\d+)-seed-${seed}\\.json$`);
  const larger = readdirSync('test/mutation/results')
    .map((f) => ({ f, size: Number(name.exec(f)?.[1]) }))
    .filter(({ size }) => size > picked.length)
    .sort((a, b) => a.size - b.size)[0];
  if (!larger) return;
  const from = `test/mutation/results/${larger.f}`;
  const live = from.replace(/\.json$/, '.live.jsonl');
  const lines = carryOver(JSON.parse(readFileSync(from, 'utf8')).picked, existsSync(live) ? readFileSync(live, 'utf8') : '', picked);
  if (!lines) return;
  writeFileSync(sampleFile, `${JSON.stringify({ seed, picked, from: larger.f }, null, 1)}\n`);
  writeFileSync(`test/mutation/results/${sampleName}.live.jsonl`, lines.map((l) => `${l}\n`).join(''));
  console.log(`sample: the first ${picked.length} picks of ${larger.f}, ${lines.length} of them tested there`);
}
const config = sampleSize ? 'stryker.sample.config.mjs' : service.length > 0 ? 'stryker.service.config.mjs' : 'stryker.config.mjs';
const args = ['stryker', 'run', config, '--mutate', mutateArg, '--incrementalFile', incrementalFile, ...extra];
// Some unit tests read the specs at ../shared beside the work tree; from Stryker's sandbox
// (.stryker-tmp/sandbox-*/, or the folder `--tempDirName=` names) that is .stryker-tmp/shared, so it points there.
const specs = resolve('..', 'shared');
const temp = extra.find((a) => a.startsWith('--tempDirName='))?.slice('--tempDirName='.length) ?? '.stryker-tmp';
if (existsSync(specs) && !existsSync(join(temp, 'shared'))) {
  mkdirSync(temp, { recursive: true });
  symlinkSync(specs, join(temp, 'shared'));
}
// Each tested mutant of a run of functions/, as it comes (live-reporter.mjs): what a run stopped early measured.
const liveFile = `test/mutation/results/${sampleName}.live.jsonl`;
if (service.length > 0 && !(resume && existsSync(liveFile))) writeFileSync(liveFile, '');
const env: NodeJS.ProcessEnv = {
  ...process.env,
  ...(service.length > 0 ? { DUSK_MUTATION_LIVE: resolve(liveFile) } : {}),
  ...(sampleSize ? { DUSK_MUTATION_SAMPLE: resolve(sampleFile) } : {}),
  ...(sampleSize && resume ? { DUSK_MUTATION_RESUME: '1' } : {}),
};
let dynamo: DynamoLocal | undefined;
if (service.length > 0) {
  if (!env.DUSK_MUTATION_TESTS) env.DUSK_MUTATION_TESTS = serviceTestsFor(service.map(fileOf).flatMap(files)).join(',');
  console.log(`tests: ${env.DUSK_MUTATION_TESTS}`);
  if (!env.DUSK_MUTATION_DYNAMO) {
    dynamo = await startDynamoLocal();
    env.DUSK_MUTATION_DYNAMO = dynamo.endpoint;
  }
}
// Incremental files are kept in git gzipped (a tenth of their size); StrykerJS reads and writes them plain.
const packed = `${incrementalFile}.gz`;
if (existsSync(packed) && !existsSync(incrementalFile)) writeFileSync(incrementalFile, gunzipSync(readFileSync(packed)));
const child = spawn('npx', args, { stdio: 'inherit', env });
const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
process.on('SIGINT', forward('SIGINT'));
process.on('SIGTERM', forward('SIGTERM'));
const status = await new Promise<number>((done) => child.on('close', (code) => done(code ?? 1)));
await dynamo?.stop();
if (existsSync(incrementalFile)) {
  writeFileSync(packed, gzipSync(readFileSync(incrementalFile), { level: 9 }));
  rmSync(incrementalFile);
}
const percent = (x: number) => `${(100 * x).toFixed(1)} %`;
if (sampleSize) {
  // The live file holds every mutant tested so far, also when the run was stopped before its end.
  const { picked, ...rest } = JSON.parse(readFileSync(sampleFile, 'utf8'));
  const scored = scoreSample(liveReport(readFileSync(liveFile, 'utf8')), picked);
  const tested = scored.rows.filter((r) => r.status !== 'missing').length;
  console.log(`sample: ${tested} of ${picked.length} picked mutants tested`);
  console.log(
    `sample score: ${scored.detected} of ${scored.valid} detected, ${percent(scored.score)}` +
      ` (95 % interval ${percent(scored.interval.low)} – ${percent(scored.interval.high)})`,
  );
  if (scored.timedOut > 0) {
    const killed = scored.detected - scored.timedOut;
    const low = wilson(killed, scored.valid);
    console.log(
      `of which ${scored.timedOut} timed out; killed only: ${killed} of ${scored.valid}, ${percent(scored.valid ? killed / scored.valid : 0)}` +
        ` (95 % interval ${percent(low.low)} – ${percent(low.high)})`,
    );
  }
  writeFileSync(
    sampleFile,
    `${JSON.stringify({ ...rest, score: scored.score, interval: scored.interval, picked: scored.rows }, null, 1)}\n`,
  );
} else if (service.length > 0) {
  const { detected, valid } = liveScore(readFileSync(liveFile, 'utf8'));
  console.log(`tested here: ${detected} of ${valid} mutants detected, ${percent(valid ? detected / valid : 0)} (${liveFile})`);
}
process.exit(status);
