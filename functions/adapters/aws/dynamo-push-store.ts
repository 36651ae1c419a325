// Web Push subscriptions and the notices already sent, on the same single table, in the match's partition.
import { createHash } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { PushStore, PushSubscriptionRecord } from '../../ports.js';
import { TABLE_KEYS } from './table.js';

// The item layout is DynamoStore's (kept in step with it by hand; see dynamo-store.ts).
const matchKey = (id: string) => `MATCH#${id}`;
/** An endpoint is a long URL: its digest names the item, so one device has one item per player. */
const endpointId = (endpoint: string) => createHash('sha256').update(endpoint).digest('hex').slice(0, 32);
const subscriptionSk = (playerId: string, endpoint: string) => `PUSH#${playerId}#${endpointId(endpoint)}`;

export class DynamoPushStore implements PushStore {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async putSubscription(s: PushSubscriptionRecord) {
    await this.doc.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...s, [TABLE_KEYS.partitionKey]: matchKey(s.matchId), [TABLE_KEYS.sortKey]: subscriptionSk(s.playerId, s.endpoint) },
      }),
    );
  }

  async deleteSubscription(matchId: string, playerId: string, endpoint: string) {
    await this.doc.send(
      new DeleteCommand({
        TableName: this.table,
        Key: { [TABLE_KEYS.partitionKey]: matchKey(matchId), [TABLE_KEYS.sortKey]: subscriptionSk(playerId, endpoint) },
      }),
    );
  }

  async listSubscriptions(matchId: string) {
    const found: PushSubscriptionRecord[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const out = await this.doc.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': matchKey(matchId), ':prefix': 'PUSH#' },
          ConsistentRead: true,
          ExclusiveStartKey: start,
        }),
      );
      for (const item of out.Items ?? []) {
        const { matchId: m, playerId, endpoint, keys, lang, tokenHash, createdAt } = item as PushSubscriptionRecord;
        found.push({ matchId: m, playerId, endpoint, keys, lang, tokenHash, createdAt });
      }
      start = out.LastEvaluatedKey;
    } while (start);
    return found;
  }

  async claimNotice(matchId: string, key: string, keepUntil: number) {
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.table,
          Item: {
            [TABLE_KEYS.partitionKey]: matchKey(matchId),
            [TABLE_KEYS.sortKey]: `PUSHED#${key}`,
            [TABLE_KEYS.ttlAttribute]: Math.ceil(keepUntil / 1000),
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }
}
