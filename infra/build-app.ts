// Builds the CDK app: shared by infra/app.ts (npm run synth, cdk synth/deploy) and the tests.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { REPO_ROOT } from './bundling.js';
import { readConfig, type DuskConfig } from './config.js';
import { DuskStack } from './dusk-stack.js';
import type { WebSource } from './web-source.js';

export interface BuildOptions {
  /** Context on top of cdk.json's (what `-c key=value` does on the command line). */
  readonly context?: Record<string, unknown>;
  /** Cloud assembly directory; default CDK_OUTDIR (set by the CDK CLI), else <repo>/cdk.out. */
  readonly outdir?: string;
  /** Overrides the web page source (tests). */
  readonly web?: WebSource;
  /**
   * CDK's built-in CloudFormation template validation (default on). It takes ~10 s per synth,
   * so tests that synthesize variants of the stack turn it off after the main synth ran it.
   */
  readonly cfnValidation?: boolean;
}

export interface BuiltApp {
  readonly app: App;
  readonly stack: DuskStack;
  readonly config: DuskConfig;
}

/**
 * The `context` block of cdk.json. The CDK CLI passes it (merged with `-c` flags) through
 * CDK_CONTEXT_JSON; when the app runs on its own (`npm run synth`), it is read here so both ways
 * synthesize the same template with the same feature flags.
 */
export function cdkJsonContext(): Record<string, unknown> {
  const file = join(REPO_ROOT, 'cdk.json');
  if (!existsSync(file)) return {};
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { context?: Record<string, unknown> };
  return parsed.context ?? {};
}

export function buildApp(options: BuildOptions = {}): BuiltApp {
  const runByCli = process.env.CDK_CONTEXT_JSON !== undefined;
  const outdir = options.outdir ?? (process.env.CDK_OUTDIR === undefined ? join(REPO_ROOT, 'cdk.out') : undefined);
  const app = new App({
    ...(outdir !== undefined ? { outdir } : {}),
    builtinCloudFormationValidation: options.cfnValidation ?? true,
    context: { ...(runByCli ? {} : cdkJsonContext()), ...options.context },
  });
  // Context given explicitly (tests) wins over what the CLI passed.
  for (const [key, value] of Object.entries(options.context ?? {})) app.node.setContext(key, value);
  const config = readConfig((key) => app.node.tryGetContext(key));
  const stack = new DuskStack(app, `dusk-${config.stage}`, {
    config,
    ...(options.web !== undefined ? { web: options.web } : {}),
  });
  // cdk-nag 3.x runs as a policy validation plugin: synthesis fails on any unacknowledged finding.
  // Acknowledgements (with their reasons) are also written to each resource's Metadata.cdk_nag.
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true, writeSuppressionsToCloudFormation: true }));
  return { app, stack, config };
}
