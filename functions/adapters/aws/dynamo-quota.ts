// The Quota port on DynamoDB: one counter item per key and window, bumped under a condition, gone by TTL.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Quota } from '../../ports.js';
import { quotaKey, TABLE_KEYS } from './keys.js';

export class DynamoQuota implements Quota {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async take(key: string, limit: number, windowEnd: number): Promise<boolean> {
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: quotaKey(key, windowEnd),
          UpdateExpression: 'ADD used :one SET #ttl = :ttl',
          ConditionExpression: 'attribute_not_exists(used) OR used < :limit',
          ExpressionAttributeNames: { '#ttl': TABLE_KEYS.ttlAttribute },
          ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':ttl': Math.ceil(windowEnd / 1000) + 3600 },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }
}
