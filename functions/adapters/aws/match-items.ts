// A match's META item and its players' PLAYER items on the single table, read one at a time: what
// DynamoStore answers with, and all the live connect function reads (it needs nothing else of the store).
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { MatchMeta, PlayerRecord } from '../../records.js';
import { matchKey, META_SK, playerSk } from './keys.js';

/** An item without the table's own keys (partition, sort, status index, expiry). */
export function stripKeys<T>(item: Record<string, unknown>): T {
  const { pk: _pk, sk: _sk, gsi1pk: _a, gsi1sk: _b, expiresAt: _c, ...rest } = item;
  return rest as T;
}

export async function getMeta(doc: DynamoDBDocumentClient, table: string, matchId: string): Promise<MatchMeta | null> {
  const out = await doc.send(new GetCommand({ TableName: table, Key: { pk: matchKey(matchId), sk: META_SK }, ConsistentRead: true }));
  return out.Item ? stripKeys<MatchMeta>(out.Item) : null;
}

export async function getPlayer(
  doc: DynamoDBDocumentClient,
  table: string,
  matchId: string,
  playerId: string,
): Promise<PlayerRecord | null> {
  const out = await doc.send(new GetCommand({ TableName: table, Key: { pk: matchKey(matchId), sk: playerSk(playerId) } }));
  return out.Item ? stripKeys<PlayerRecord>(out.Item) : null;
}
