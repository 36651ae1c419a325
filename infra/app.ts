// The CDK app (cdk.json: `npx tsx infra/app.ts`; also `npm run synth`, which writes cdk.out/).
import { buildApp } from './build-app.js';
import { ConfigError } from './config.js';

try {
  const { app } = buildApp();
  app.synth();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  // A wrong -c setting: say which, without a stack trace.
  console.error(`dusk: ${error.message}`);
  process.exit(1);
}
