// Web Push subscriptions and the notices already sent, on the same single table, in the match's partition.
import { createHash } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { PushStore } from '../../ports.js';
import type { PushSubscriptionRecord } from '../../records.js';
import { queryPartition } from './partition.js';
import { matchKey, PREFIX, pushedSk, pushSk, TABLE_KEYS } from './keys.js';

/** An endpoint is a long URL: its digest names the item, so one device has one item per player. */
const endpointId = (endpoint: string) => createHash('sha256').update(endpoint).digest('hex').slice(0, 32);
const subscriptionSk = (playerId: string, endpoint: string) => pushSk(playerId, endpointId(endpoint));

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
    return (await queryPartition(this.doc, this.table, matchId, PREFIX.push)).map((item) => {
      const { matchId: m, playerId, endpoint, keys, lang, tokenHash, createdAt } = item as unknown as PushSubscriptionRecord;
      return { matchId: m, playerId, endpoint, keys, lang, tokenHash, createdAt };
    });
  }

  async claimNotice(matchId: string, key: string, keepUntil: number) {
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.table,
          Item: {
            [TABLE_KEYS.partitionKey]: matchKey(matchId),
            [TABLE_KEYS.sortKey]: pushedSk(key),
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
