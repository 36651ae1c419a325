// How the Lambda handlers are bundled. The stack (NodejsFunction) and test/infra/bundles.test.ts
// (esbuild's JS API) both derive their options from BUNDLE below, so the bundle the test invokes
// is the bundle CDK uploads; test/infra/stack.test.ts also compares the two byte for byte.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { LogLevel, OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';

/** The repository root (infra/..): NodejsFunction's projectRoot, esbuild's working directory. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Current Node.js Lambda runtime (Node 24, LTS) on Graviton. */
export const LAMBDA_RUNTIME = Runtime.NODEJS_24_X;
export const LAMBDA_ARCHITECTURE = Architecture.ARM_64;

/** The Lambda entry points, relative to the repository root. */
export const HANDLERS = {
  api: 'functions/api/lambda.ts',
  resolver: 'functions/resolver/lambda.ts',
  sweeper: 'functions/sweeper/lambda.ts',
} as const;
export type HandlerName = keyof typeof HANDLERS;

/**
 * The environment every handler gets (functions/adapters/aws/ports.ts reads it). The stack fills
 * in each one; test/infra/bundles.test.ts gives the bundles the same keys with local values.
 */
export const FUNCTION_ENV = [
  'TABLE_NAME',
  'SITE_BUCKET',
  'SCHEDULE_GROUP',
  'SCHEDULER_ROLE_ARN',
  'RESOLVER_ARN',
  /** For a schedule's DeadLetterConfig (the scheduler role may send to it). */
  'RESOLVER_DLQ_ARN',
  'STAGE',
  /** Days a finished match is kept before TTL removes it (context matchRetentionDays). */
  'RETENTION_DAYS',
] as const;
export type FunctionEnv = Record<(typeof FUNCTION_ENV)[number], string>;

/**
 * ESM output still meets CommonJS inside some dependencies; a bundled CJS module that calls
 * `require('node:…')` would throw "Dynamic require of … is not supported" without this shim.
 */
const REQUIRE_SHIM = "import{createRequire as __duskCreateRequire}from'node:module';const require=__duskCreateRequire(import.meta.url);";

/**
 * The one description of a bundle. The AWS SDK v3 is bundled too (not left to the runtime's
 * copy): the code the tests run is then the code Lambda runs, pinned to package-lock.json, and
 * tree-shaking keeps only the commands each handler uses.
 */
export const BUNDLE = {
  format: 'esm',
  platform: 'node',
  target: 'node24',
  minify: true,
  sourcemap: false,
  /** Prefer packages' ES module builds: they tree-shake, their CommonJS builds do not. */
  mainFields: ['module', 'main'],
  /** Nothing external: every import is bundled (the Node runtime's built-ins excepted). */
  external: [] as string[],
  banner: REQUIRE_SHIM,
  legalComments: 'none',
  /** The file NodejsFunction writes for ESM and names in the handler (`index.handler`). */
  outfile: 'index.mjs',
} as const;

/** NodejsFunction `bundling` options, local esbuild only (no Docker, works offline). */
export function nodejsBundling(): BundlingOptions {
  return {
    format: OutputFormat.ESM,
    target: BUNDLE.target,
    minify: BUNDLE.minify,
    sourceMap: BUNDLE.sourcemap,
    mainFields: [...BUNDLE.mainFields],
    externalModules: [...BUNDLE.external],
    banner: BUNDLE.banner,
    esbuildArgs: { '--legal-comments': BUNDLE.legalComments },
    logLevel: LogLevel.WARNING,
    forceDockerBundling: false,
  };
}

/** The same bundle through esbuild's JS API, for tests and size measurements. */
export function esbuildOptions(handler: HandlerName, outdir: string): BuildOptions {
  return {
    absWorkingDir: REPO_ROOT,
    entryPoints: [join(REPO_ROOT, HANDLERS[handler])],
    outfile: join(outdir, BUNDLE.outfile),
    bundle: true,
    platform: BUNDLE.platform,
    format: BUNDLE.format,
    target: BUNDLE.target,
    minify: BUNDLE.minify,
    sourcemap: BUNDLE.sourcemap,
    mainFields: [...BUNDLE.mainFields],
    external: [...BUNDLE.external],
    banner: { js: BUNDLE.banner },
    legalComments: BUNDLE.legalComments,
    logLevel: 'warning',
  };
}
