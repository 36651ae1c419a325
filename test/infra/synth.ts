// Synthesizes the dusk app the way infra/app.ts does (cdk.json context, cdk-nag plugged in through
// Validations) into a temporary cloud assembly, for the infra tests.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../../infra/build-app.js';

export interface Synthesized {
  /** Where and under what name it deploys. */
  readonly stack: { readonly region: string; readonly stackName: string };
  readonly template: Template;
  /** The raw CloudFormation template. */
  readonly json: CfnTemplate;
  /** The cloud assembly directory (assets included). */
  readonly assemblyDir: string;
  /** validation-report.json of the assembly, when synthesis wrote one. */
  readonly report: ValidationReport | undefined;
  dispose(): void;
}

export interface CfnResource {
  Type: string;
  Properties?: Record<string, any>;
  Metadata?: Record<string, any>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
  DependsOn?: string | string[];
}
export interface CfnTemplate {
  Resources: Record<string, CfnResource>;
  Outputs?: Record<string, { Value: unknown; Description?: string }>;
}
export interface ValidationReport {
  pluginReports: Array<{
    pluginName: string;
    conclusion: string;
    violations: Array<{ ruleName: string; severity: string; violatingConstructs?: Array<{ constructPath: string }> }>;
  }>;
}

export interface SynthesizeOptions extends Omit<BuildOptions, 'outdir'> {
  /** Runs right after construction (when NodejsFunction has bundled), before synthesis. */
  readonly afterConstruction?: () => void;
}

/**
 * The default app (cdk.json's context, CDK's template validation on) is synthesized once per test run:
 * the first test file that asks builds it into the run's cache folder (test/setup/cdk-cache.ts) and the
 * others read what it wrote. A variant (its own context) is synthesized on its own, without bundling
 * the functions' code, which only the default's assertions read.
 */
export function synthesize(options: SynthesizeOptions = {}): Synthesized {
  const { cfnValidation: _sameTemplate, ...rest } = options;
  const cache = cacheDir();
  if (Object.keys(rest).length === 0 && cache) return sharedDefault(cache);
  const variant = Object.keys(rest).length === 0 ? options : { ...options, context: { 'aws:cdk:bundling-stacks': [], ...options.context } };
  return synthesizeNow(variant, mkdtempSync(join(tmpdir(), 'dusk-cdk-')));
}

function synthesizeNow(options: SynthesizeOptions, assemblyDir: string): Synthesized {
  const { afterConstruction, ...buildOptions } = options;
  const { app, stack } = buildApp({ ...buildOptions, outdir: assemblyDir });
  afterConstruction?.();
  const assembly = app.synth();
  const json = assembly.getStackByName(stack.stackName).template as CfnTemplate;
  const reportFile = join(assembly.directory, 'validation-report.json');
  const report = existsSync(reportFile) ? (JSON.parse(readFileSync(reportFile, 'utf8')) as ValidationReport) : undefined;
  return {
    stack: { region: stack.region, stackName: stack.stackName },
    template: Template.fromJSON(json),
    json,
    assemblyDir: assembly.directory,
    report,
    dispose: () => rmSync(assemblyDir, { recursive: true, force: true }),
  };
}

function cacheDir(): string | undefined {
  try {
    return inject('cdkCache');
  } catch {
    return undefined;
  }
}

const WAIT_FOR_OTHER_SYNTH_MS = 600_000;

function sharedDefault(cache: string): Synthesized {
  const done = join(cache, 'default.json');
  try {
    mkdirSync(join(cache, 'claimed'));
    const made = synthesizeNow({}, join(cache, 'assembly'));
    const { json, report, assemblyDir, stack } = made;
    writeFileSync(`${done}.tmp`, JSON.stringify({ json, report, assemblyDir, stack }));
    renameSync(`${done}.tmp`, done);
    return { ...made, dispose: () => {} };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  // Another test file is synthesizing it: wait (bounded) for what it writes.
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let waited = 0; !existsSync(done); waited += 250) {
    if (waited > WAIT_FOR_OTHER_SYNTH_MS) throw new Error(`the default synthesis in ${cache} did not finish`);
    Atomics.wait(pause, 0, 0, 250);
  }
  const saved = JSON.parse(readFileSync(done, 'utf8')) as Omit<Synthesized, 'template' | 'dispose'>;
  return { ...saved, template: Template.fromJSON(saved.json), dispose: () => {} };
}

/** Resources of one type, by logical id. */
export function resourcesOf(json: CfnTemplate, type: string): Array<[string, CfnResource]> {
  return Object.entries(json.Resources).filter(([, r]) => r.Type === type);
}

/** The one resource of a type whose properties satisfy `pick`. */
export function only(json: CfnTemplate, type: string, pick: (r: CfnResource) => boolean = () => true): [string, CfnResource] {
  const found = resourcesOf(json, type).filter(([, r]) => pick(r));
  if (found.length !== 1) throw new Error(`expected one ${type}, found ${found.length}`);
  return found[0]!;
}
