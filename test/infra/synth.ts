// Synthesizes the dusk app the way infra/app.ts does (cdk.json context, cdk-nag plugged in through
// Validations) into a temporary cloud assembly, for the infra tests.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { buildApp, type BuildOptions } from '../../infra/build-app.js';
import type { DuskStack } from '../../infra/dusk-stack.js';

export interface Synthesized {
  readonly stack: DuskStack;
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

export function synthesize(options: SynthesizeOptions = {}): Synthesized {
  const assemblyDir = mkdtempSync(join(tmpdir(), 'dusk-cdk-'));
  const { afterConstruction, ...buildOptions } = options;
  const { app, stack } = buildApp({ ...buildOptions, outdir: assemblyDir });
  afterConstruction?.();
  const assembly = app.synth();
  const json = assembly.getStackByName(stack.stackName).template as CfnTemplate;
  const reportFile = join(assembly.directory, 'validation-report.json');
  const report = existsSync(reportFile) ? (JSON.parse(readFileSync(reportFile, 'utf8')) as ValidationReport) : undefined;
  return {
    stack,
    template: Template.fromJSON(json),
    json,
    assemblyDir: assembly.directory,
    report,
    dispose: () => rmSync(assemblyDir, { recursive: true, force: true }),
  };
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
