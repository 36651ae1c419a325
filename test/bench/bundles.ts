// Each Lambda bundle, built exactly as infra/ builds it (infra/bundling.ts), its size, and its cold
// initialisation: loading the bundled handler in a fresh Node process, as Lambda's init phase does,
// next to the floor (test/bench/floor.ts) loaded in the same processes' turns.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { bundleOptions, ENTRY_FILE, HANDLERS, loadedAtInit, REPO_ROOT, type HandlerName } from '../../infra/bundling.js';
import { round, summarize, type Summary } from './measure.js';

/** test/bench/floor.ts: the DynamoDB client and Hono with zod-openapi, nothing of dusk. */
const FLOOR_ENTRY = 'test/bench/floor.ts';

export interface BundleResult {
  /** A handler, or `floor`: the baseline of the same run. */
  handler: HandlerName | 'floor';
  entry: string;
  /** What a cold start reads and compiles: the entry file and the chunks it imports statically. */
  bytes: number;
  gzipBytes: number;
  /** Every file of the bundle, the chunks a request loads when it first needs them (functions/adapters/deferred.ts) included. */
  totalBytes: number;
  /** Time to import the bundle in a fresh process (module evaluation: the handler's init). */
  initMs: Summary;
  /** CPU time of that import in the child (user + system). */
  initCpuMs: Summary;
  /** Whole fresh process: spawn, Node's own start, import, exit. */
  processMs: Summary;
  /** initMs p50 over the floor's, measured interleaved in the same run: the figure another machine can compare. */
  initVsFloor: number;
  /**
   * Each ruleset's chunk, loaded after init in the same fresh process: what the first request for a match
   * of that ruleset adds to its cold start (engine/index.ts loads a ruleset on first use), before the
   * contract check. Empty for the floor.
   */
  firstRulesetMs: Record<string, Summary>;
  /** What the bundle is made of, by package or folder, largest first (esbuild's metafile). */
  largest: Array<{ input: string; bytes: number }>;
  /** The AWS SDK's share (@aws-sdk/*, @smithy/*). */
  sdkBytes: number;
}

function packageOf(input: string): string {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  return match ? match[1]! : input.split('/').slice(0, 2).join('/');
}

/** What the handlers read at load time; dummies, nothing is called. */
const LAMBDA_ENV = {
  TABLE_NAME: 'dusk-bench',
  SITE_BUCKET: 'dusk-bench-site',
  SCHEDULE_GROUP: 'dusk-bench',
  SCHEDULER_ROLE_ARN: 'arn:aws:iam::123456789012:role/dusk-bench-scheduler',
  RESOLVER_ARN: 'arn:aws:lambda:eu-south-1:123456789012:function:dusk-bench-resolver',
  AWS_REGION: 'eu-south-1',
  AWS_ACCESS_KEY_ID: 'bench',
  AWS_SECRET_ACCESS_KEY: 'bench',
};

/** `then`: a chunk imported once the handler has loaded, timed on its own. */
function coldLoad(file: string, then?: string): Promise<{ initMs: number; cpuMs: number; processMs: number; thenMs: number }> {
  const next =
    then === undefined
      ? 'const n=0;'
      : `const t2=performance.now();await import(${JSON.stringify(pathToFileURL(then).href)});const n=performance.now()-t2;`;
  const script = `const c=process.cpuUsage();const t=performance.now();const m=await import(${JSON.stringify(pathToFileURL(file).href)});const ms=performance.now()-t;const u=process.cpuUsage(c);if(typeof m.handler!=='function')throw new Error('no handler');${next}process.stdout.write(JSON.stringify([ms,(u.user+u.system)/1000,n]));`;
  const started = performance.now();
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      env: { PATH: process.env.PATH ?? '', ...LAMBDA_ENV },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) => {
      if (code !== 0) return fail(new Error(`cold load of ${file} failed: ${err.slice(-500)}`));
      const [initMs, cpuMs, thenMs] = JSON.parse(out) as [number, number, number];
      done({ initMs, cpuMs, processMs: performance.now() - started, thenMs });
    });
  });
}

interface Built {
  name: HandlerName | 'floor';
  entry: string;
  file: string;
  /** The files read at init, one after the other. */
  bytes: Buffer;
  totalBytes: number;
  byPackage: Map<string, number>;
  /** Each ruleset's own chunk (engine/rulesets/<id>/index.ts), by ruleset id. */
  rulesetChunks: Array<[string, string]>;
}

/** The handlers, and the floor (test/bench/floor.ts) they are measured against. */
const MEASURED: Array<[HandlerName | 'floor', string]> = [
  ...(Object.entries(HANDLERS) as Array<[HandlerName, string]>),
  ['floor', FLOOR_ENTRY],
];

export async function benchBundles(runs: number, log: (s: string) => void): Promise<BundleResult[]> {
  const dir = mkdtempSync(join(tmpdir(), 'dusk-bench-bundles-'));
  try {
    const built: Built[] = [];
    for (const [name, entry] of MEASURED) {
      const outdir = join(dir, name);
      const result = await build({ ...bundleOptions(entry, outdir), logLevel: 'error', metafile: true });
      // What the files read at init are made of; the deferred chunks are left for later.
      const atInit = loadedAtInit(result.metafile);
      const byPackage = new Map<string, number>();
      for (const output of atInit.map((f) => result.metafile.outputs[f]!)) {
        for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
          byPackage.set(packageOf(input), (byPackage.get(packageOf(input)) ?? 0) + bytesInOutput);
        }
      }
      const file = join(outdir, ENTRY_FILE);
      const bytes = Buffer.concat(atInit.map((f) => readFileSync(join(REPO_ROOT, f))));
      const totalBytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
      const rulesetChunks = Object.entries(result.metafile.outputs).flatMap(([out, o]): Array<[string, string]> => {
        const id = /engine\/rulesets\/([^/]+)\/index\.ts$/.exec(o.entryPoint ?? '')?.[1];
        return id === undefined ? [] : [[id, join(REPO_ROOT, out)]];
      });
      built.push({ name, entry, file, bytes, totalBytes, byPackage, rulesetChunks });
      await coldLoad(file); // one discarded load: the file system cache, like a warm host
    }
    // Interleaved, so that a change of the machine's load during the run weighs on all of them alike.
    const samples = new Map(built.map((b) => [b.name, { init: [] as number[], cpu: [] as number[], whole: [] as number[] }]));
    for (let i = 0; i < runs; i++) {
      for (const b of built) {
        const r = await coldLoad(b.file);
        const s = samples.get(b.name)!;
        s.init.push(r.initMs);
        s.cpu.push(r.cpuMs);
        s.whole.push(r.processMs);
      }
    }
    const firstUse = new Map(built.map((b) => [b.name, new Map(b.rulesetChunks.map(([id]) => [id, [] as number[]]))]));
    for (let i = 0; i < runs; i++) {
      for (const b of built) {
        for (const [id, chunk] of b.rulesetChunks)
          firstUse
            .get(b.name)!
            .get(id)!
            .push((await coldLoad(b.file, chunk)).thenMs);
      }
    }
    const floorInit = summarize(samples.get('floor')!.init).p50;
    return built.map((b) => {
      const s = samples.get(b.name)!;
      const initMs = summarize(s.init);
      log(
        `bundle ${b.name}: ${round(b.bytes.length / 1024, 1)} KiB, init p50 ${initMs.p50} ms (${round(initMs.p50 / floorInit)}× the floor)`,
      );
      return {
        handler: b.name,
        entry: b.entry,
        bytes: b.bytes.length,
        gzipBytes: gzipSync(b.bytes, { level: 9 }).length,
        totalBytes: b.totalBytes,
        initMs,
        initCpuMs: summarize(s.cpu),
        processMs: summarize(s.whole),
        initVsFloor: round(initMs.p50 / floorInit),
        firstRulesetMs: Object.fromEntries([...firstUse.get(b.name)!].map(([id, times]) => [id, summarize(times)])),
        largest: [...b.byPackage]
          .sort((x, y) => y[1] - x[1])
          .slice(0, 6)
          .map(([input, bytes]) => ({ input, bytes })),
        sdkBytes: [...b.byPackage].filter(([input]) => /^@(aws-sdk|smithy)\//.test(input)).reduce((sum, [, bytes]) => sum + bytes, 0),
      };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Node's own start and exit, nothing imported: what every fresh process pays before init begins. */
export async function benchNodeStart(runs: number): Promise<Summary> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await new Promise<void>((done, fail) => {
      const child = spawn(process.execPath, ['-e', ''], { env: { PATH: process.env.PATH ?? '' }, stdio: 'ignore' });
      child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`node -e '' exited ${code}`))));
    });
    times.push(performance.now() - started);
  }
  return summarize(times);
}
