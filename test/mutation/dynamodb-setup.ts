// The DynamoDB Local of a mutation run of functions/ (vitest.service-mutation.config.ts). run.ts starts one
// for the whole StrykerJS run and passes its address in DUSK_MUTATION_DYNAMO, so a test runner that
// StrykerJS restarts (after a timeout) does not wait for Java again; without it (StrykerJS started by
// hand) each test runner starts its own, as test/setup/dynamodb.ts does.
import type { TestProject } from 'vitest/node';
import { startDynamoLocal, type DynamoLocal } from '../../functions/local/dynamodb-local.js';

let dynamo: DynamoLocal | undefined;

export async function setup(project: TestProject) {
  const endpoint = process.env.DUSK_MUTATION_DYNAMO || (dynamo = await startDynamoLocal()).endpoint;
  process.env.DYNAMO_ENDPOINT = endpoint;
  project.provide('dynamoEndpoints', [endpoint]);
}

export async function teardown() {
  await dynamo?.stop();
}
