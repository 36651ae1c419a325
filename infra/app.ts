// The CDK app (cdk.json: `npx tsx infra/app.ts`; also `npm run synth`, which writes cdk.out/).
import { buildApp } from './build-app.js';

const { app } = buildApp();
app.synth();
