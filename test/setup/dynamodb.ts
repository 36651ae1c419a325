// Starts one DynamoDB Local for the whole test run; tests reach it through inject('dynamoEndpoint').
import type { TestProject } from 'vitest/node';
import { startDynamoLocal, type DynamoLocal } from '../../functions/local/dynamodb-local.js';

let dynamo: DynamoLocal | undefined;

export async function setup(project: TestProject) {
  dynamo = await startDynamoLocal();
  process.env.DYNAMO_ENDPOINT = dynamo.endpoint;
  project.provide('dynamoEndpoint', dynamo.endpoint);
}

export async function teardown() {
  await dynamo?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}
