// The CDK app (cdk.json: `npx tsx infra/app.ts`; also `npm run synth`, which writes cdk.out/).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from './build-app.js';
import { REPO_ROOT } from './bundling.js';
import { ConfigError } from './config.js';
import { builtWebSource, isBuiltPage, type WebSource } from './web-source.js';

/**
 * A fresh clone has no web/dist: build the page with web/build.ts into a temporary folder (never
 * into web/), so a first `cdk deploy` ships the real page. If that fails, the stack deploys a
 * placeholder and warns.
 */
async function webPage(): Promise<{ web: WebSource; outDir: string } | undefined> {
  if (isBuiltPage(join(REPO_ROOT, 'web', 'dist'))) return undefined;
  const outDir = mkdtempSync(join(tmpdir(), 'dusk-web-'));
  try {
    const { buildWeb } = await import('../web/build.js');
    await buildWeb({ outDir });
    console.error(`dusk: web/dist not found; built the page with web/build.ts into ${outDir}`);
    return { web: builtWebSource(outDir, 'web page built at synth (web/dist not found)'), outDir };
  } catch (error) {
    rmSync(outDir, { recursive: true, force: true });
    console.error(`dusk: web/dist not found and the page could not be built: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

const built = await webPage();
let keepBuiltPage = false;
try {
  const { app } = buildApp(built !== undefined ? { web: built.web } : {});
  // Without staging (`cdk synth --no-staging`), assets are read from where they are.
  keepBuiltPage = app.node.tryGetContext('aws:cdk:disable-asset-staging') === true;
  app.synth();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  // A wrong -c setting: say which, without a stack trace.
  console.error(`dusk: ${error.message}`);
  process.exitCode = 1;
} finally {
  // The page was copied into the cloud assembly when the stack was built.
  if (built !== undefined && !keepBuiltPage) rmSync(built.outDir, { recursive: true, force: true });
}
