// The status index (gsi1) of the single table: items filed under a list (`STATUS#running`,
// `OUTBOX#pending`) and sorted by a time padded to sort as text, then an id (`<time>#<id>`).
import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { TABLE_KEYS } from './keys.js';

/** A time (ms) as 15 digits, so that sort keys order as the times do. */
export const padTime = (n: number) => String(Math.max(0, Math.floor(n))).padStart(15, '0');

/** Up to `limit` items of a list: those due by `dueBy` (oldest first), or all of it newest first. */
export async function queryStatusIndex(
  doc: DynamoDBDocumentClient,
  table: string,
  list: string,
  query: { limit: number; dueBy?: number; newestFirst?: boolean },
): Promise<Record<string, unknown>[]> {
  const due = query.dueBy !== undefined;
  const out = await doc.send(
    new QueryCommand({
      TableName: table,
      IndexName: TABLE_KEYS.statusIndex,
      KeyConditionExpression: due ? 'gsi1pk = :list AND gsi1sk <= :due' : 'gsi1pk = :list',
      ExpressionAttributeValues: { ':list': list, ...(due ? { ':due': `${padTime(query.dueBy!)}#~` } : {}) },
      ...(query.newestFirst ? { ScanIndexForward: false } : {}),
      Limit: query.limit,
    }),
  );
  return out.Items ?? [];
}
