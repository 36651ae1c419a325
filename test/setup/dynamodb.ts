// Starts one DynamoDB Local per test worker for the whole run; a test reaches its worker's through
// `dynamoEndpoint()` (test/setup/endpoint.ts). DynamoDB Local runs every request through one SQLite thread,
// so two workers on one instance waited for each other there while the machine's other CPU sat idle.
import type { TestProject } from 'vitest/node';
import { startDynamoLocal, type DynamoLocal } from '../../functions/local/dynamodb-local.js';

let dynamos: DynamoLocal[] = [];

export async function setup(project: TestProject) {
  const workers = Math.max(1, project.globalConfig.maxWorkers);
  dynamos = await Promise.all(Array.from({ length: workers }, () => startDynamoLocal()));
  const endpoints = dynamos.map((d) => d.endpoint);
  process.env.DYNAMO_ENDPOINT = endpoints[0];
  project.provide('dynamoEndpoints', endpoints);
}

export async function teardown() {
  await Promise.all(dynamos.map((d) => d.stop()));
}

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoints: string[];
  }
}
