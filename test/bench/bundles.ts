// Each Lambda bundle, built exactly as infra/ builds it (infra/bundling.ts), its size, and its cold
// initialisation: loading the bundled handler in a fresh Node process, as Lambda's init phase does.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { esbuildOptions, HANDLERS, type HandlerName } from '../../infra/bundling.js';
import { round, summarize, type Summary } from './measure.js';

export interface BundleResult {
  handler: HandlerName;
  entry: string;
  bytes: number;
  gzipBytes: number;
  /** Time to import the bundle in a fresh process (module evaluation: the handler's init). */
  initMs: Summary;
  /** CPU time of that import in the child (user + system). */
  initCpuMs: Summary;
  /** Whole fresh process: spawn, Node's own start, import, exit. */
  processMs: Summary;
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

function coldLoad(file: string): Promise<{ initMs: number; cpuMs: number; processMs: number }> {
  const script = `const c=process.cpuUsage();const t=performance.now();const m=await import(${JSON.stringify(pathToFileURL(file).href)});const ms=performance.now()-t;const u=process.cpuUsage(c);if(typeof m.handler!=='function')throw new Error('no handler');process.stdout.write(JSON.stringify([ms,(u.user+u.system)/1000]));`;
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
      const [initMs, cpuMs] = JSON.parse(out) as [number, number];
      done({ initMs, cpuMs, processMs: performance.now() - started });
    });
  });
}

export async function benchBundles(runs: number, log: (s: string) => void): Promise<BundleResult[]> {
  const dir = mkdtempSync(join(tmpdir(), 'dusk-bench-bundles-'));
  const out: BundleResult[] = [];
  try {
    for (const handler of Object.keys(HANDLERS) as HandlerName[]) {
      const outdir = join(dir, handler);
      const options = esbuildOptions(handler, outdir);
      const built = await build({ ...options, logLevel: 'error', metafile: true });
      const byPackage = new Map<string, number>();
      for (const output of Object.values(built.metafile.outputs)) {
        for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
          byPackage.set(packageOf(input), (byPackage.get(packageOf(input)) ?? 0) + bytesInOutput);
        }
      }
      const file = options.outfile!;
      const bytes = readFileSync(file);
      await coldLoad(file); // one discarded load: the file system cache, like a warm host
      const init: number[] = [];
      const cpu: number[] = [];
      const whole: number[] = [];
      for (let i = 0; i < runs; i++) {
        const r = await coldLoad(file);
        init.push(r.initMs);
        cpu.push(r.cpuMs);
        whole.push(r.processMs);
      }
      out.push({
        handler,
        entry: HANDLERS[handler],
        bytes: bytes.length,
        gzipBytes: gzipSync(bytes, { level: 9 }).length,
        initMs: summarize(init),
        initCpuMs: summarize(cpu),
        processMs: summarize(whole),
        largest: [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([input, b]) => ({ input, bytes: b })),
        sdkBytes: [...byPackage].filter(([input]) => /^@(aws-sdk|smithy)\//.test(input)).reduce((sum, [, b]) => sum + b, 0),
      });
      log(`bundle ${handler}: ${round(bytes.length / 1024, 1)} KiB, init p50 ${summarize(init).p50} ms`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}
