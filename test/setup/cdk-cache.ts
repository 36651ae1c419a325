// One folder per test run where the default CDK app is synthesized once (test/infra/synth.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

let dir: string | undefined;

export function setup(project: TestProject) {
  dir = mkdtempSync(join(tmpdir(), 'dusk-cdk-run-'));
  project.provide('cdkCache', dir);
}

export function teardown() {
  if (dir) rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    cdkCache: string;
  }
}
