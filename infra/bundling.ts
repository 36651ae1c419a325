// How the Lambda handlers are bundled. The stack (bundledCode) and test/infra/bundles.test.ts
// both build with bundleOptions below, so the bundle the test invokes is the bundle CDK uploads;
// test/infra/stack.test.ts also compares the two file by file.
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AssetHashType, AssetStaging, DockerImage } from 'aws-cdk-lib';
import { Architecture, Code, Runtime } from 'aws-cdk-lib/aws-lambda';
import type { BuildOptions, Metafile, Plugin } from 'esbuild';
import type { EnvName } from '../functions/env.js';

/** The repository root (infra/..): esbuild's working directory. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Current Node.js Lambda runtime (Node 24, LTS) on Graviton. */
export const LAMBDA_RUNTIME = Runtime.NODEJS_24_X;
export const LAMBDA_ARCHITECTURE = Architecture.ARM_64;

/** The Lambda entry points, relative to the repository root. */
export const HANDLERS = {
  api: 'functions/api/lambda.ts',
  resolver: 'functions/resolver/lambda.ts',
  sweeper: 'functions/sweeper/lambda.ts',
  /** The table stream's consumer (decision 11): what follows a commit. */
  effects: 'functions/effects/lambda.ts',
  /** Deliveries to receivers (push services, webhooks), one job each, from the delivery queue. */
  deliveries: 'functions/effects/delivery-lambda.ts',
  /** Telegram's webhook (issue 45): one update per request, checked by its secret header. */
  telegram: 'functions/telegram/lambda.ts',
} as const;
export type HandlerName = keyof typeof HANDLERS;

/** A function's environment: values by the names functions/env.ts declares (the only place they are spelled). */
export type FunctionEnv = { [K in EnvName]?: string };

/**
 * ESM output still meets CommonJS inside some dependencies; a bundled CJS module that calls
 * `require('node:…')` would throw "Dynamic require of … is not supported" without this shim.
 */
const REQUIRE_SHIM = "import{createRequire as __duskCreateRequire}from'node:module';const require=__duskCreateRequire(import.meta.url);";

/**
 * The one description of a bundle. The AWS SDK v3 is bundled too (not left to the runtime's
 * copy): the code the tests run is then the code Lambda runs, pinned to package-lock.json, and
 * tree-shaking keeps only the commands each handler uses.
 *
 * Split: what a handler imports statically is `index.mjs`; what it imports with `import()` (the
 * adapters functions/adapters/deferred.ts builds on first use: S3, EventBridge Scheduler, the page
 * push, Web Push) goes to `chunks/`, which Node reads, compiles and runs only when that import runs.
 * Parsing is most of a cold start here (test/bench/bundles.ts), so a request that never publishes
 * never pays for the S3 client.
 */
export const BUNDLE = {
  format: 'esm',
  platform: 'node',
  target: 'node24',
  minify: true,
  sourcemap: false,
  splitting: true,
  /** Prefer packages' ES module builds: they tree-shake, their CommonJS builds do not. */
  mainFields: ['module', 'main'],
  /** Nothing external: every import is bundled (the Node runtime's built-ins excepted). */
  external: [] as string[],
  banner: REQUIRE_SHIM,
  legalComments: 'none',
  /** The entry is `index.mjs`, the file the function's handler names (`index.handler`). */
  entryNames: 'index',
  chunkNames: 'chunks/[name]-[hash]',
  outExtension: { '.js': '.mjs' },
} as const;

/**
 * zod's error messages in English only. @hono/zod-openapi extends the whole `z` namespace, so esbuild
 * must keep every member of it, the 40-odd translations of zod's messages among them (a quarter of
 * the API bundle, and a third of its cold start). No player ever reads them: a refusal reaches the
 * page as a reason id, which the page words in the player's language (texts/).
 */
export const zodMessagesInEnglish: Plugin = {
  name: 'zod-messages-in-english',
  setup(build) {
    build.onResolve({ filter: /\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]/.test(args.importer)
        ? { path: join(dirname(args.importer), args.path), namespace: 'zod-locales' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(join(dirname(args.path), 'en.js'))};`,
      resolveDir: dirname(args.path),
      loader: 'js',
    }));
  },
};

/** The entry file of a bundle, in its folder. */
export const ENTRY_FILE = 'index.mjs';

/** A handler's bundle through esbuild's JS API: the stack uploads it, the tests run and measure it. */
export function esbuildOptions(handler: HandlerName, outdir: string): BuildOptions {
  return bundleOptions(HANDLERS[handler], outdir);
}

/** The bundle of any entry point (relative to the repository root) into `outdir`. */
export function bundleOptions(entry: string, outdir: string): BuildOptions {
  return {
    absWorkingDir: REPO_ROOT,
    entryPoints: [join(REPO_ROOT, entry)],
    outdir,
    bundle: true,
    platform: BUNDLE.platform,
    format: BUNDLE.format,
    target: BUNDLE.target,
    minify: BUNDLE.minify,
    sourcemap: BUNDLE.sourcemap,
    splitting: BUNDLE.splitting,
    mainFields: [...BUNDLE.mainFields],
    external: [...BUNDLE.external],
    banner: { js: BUNDLE.banner },
    legalComments: BUNDLE.legalComments,
    entryNames: BUNDLE.entryNames,
    chunkNames: BUNDLE.chunkNames,
    outExtension: { ...BUNDLE.outExtension },
    plugins: [zodMessagesInEnglish],
    logLevel: 'warning',
  };
}

/** infra/bundle.ts: builds one bundle in a process of its own (esbuild's plugins need its async API). */
const BUNDLE_SCRIPT = join(REPO_ROOT, 'infra', 'bundle.ts');

/**
 * A Lambda function's code: the bundle of `entry`, built by esbuild on this machine when CDK stages
 * the asset (no Docker, works offline). NodejsFunction cannot do this: it names a single `--outfile`,
 * and esbuild splits only into a folder. CDK stages assets synchronously, so the build runs in a child
 * process. The asset's hash is that of the output.
 */
export function bundledCode(entry: string): Code {
  return Code.fromAsset(REPO_ROOT, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Never used: local bundling always succeeds or throws.
      image: DockerImage.fromRegistry('dusk-bundles-locally'),
      // What the build runs. It also tells CDK's asset cache one function's bundle from another's: the
      // cache keys on these options, and the local bundler below (a function) does not count in them.
      command: ['node', '--import', 'tsx', 'infra/bundle.ts', entry, AssetStaging.BUNDLING_OUTPUT_DIR],
      local: {
        tryBundle(outputDir: string) {
          const built = spawnSync(process.execPath, ['--import', 'tsx', BUNDLE_SCRIPT, entry, outputDir], {
            cwd: REPO_ROOT,
            stdio: ['ignore', 'inherit', 'inherit'],
          });
          if (built.status !== 0) throw new Error(`bundling ${entry} failed (${built.error?.message ?? `exit ${built.status}`})`);
          return true;
        },
      },
    },
  });
}

/**
 * The output files a cold start reads: the entry and the chunks it imports statically (code it shares
 * with a deferred chunk), not those behind an `import()`. Paths as esbuild's metafile names them.
 */
export function loadedAtInit(metafile: Metafile): string[] {
  const entry = Object.keys(metafile.outputs).find((file) => file.endsWith(`/${ENTRY_FILE}`) || file === ENTRY_FILE);
  if (entry === undefined) throw new Error(`no ${ENTRY_FILE} among the outputs`);
  const seen = new Set<string>([entry]);
  const queue = [entry];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const imported of metafile.outputs[file]!.imports) {
      if (imported.kind === 'import-statement' && !imported.external && !seen.has(imported.path)) {
        seen.add(imported.path);
        queue.push(imported.path);
      }
    }
  }
  return [...seen];
}
