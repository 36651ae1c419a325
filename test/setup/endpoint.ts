// This test worker's DynamoDB Local (test/setup/dynamodb.ts starts one per worker): every table a file makes
// and every client it opens on one are on the same instance.
import { inject } from 'vitest';

export function dynamoEndpoint(): string {
  const endpoints = inject('dynamoEndpoints');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return endpoints[(worker - 1) % endpoints.length]!;
}
