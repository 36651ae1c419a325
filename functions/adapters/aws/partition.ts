// The match's partition on the single table: its key, and every item of it under a sort-key prefix.
import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { matchKey } from './keys.js';

/**
 * All items of a match whose sort key starts with `prefix`, page after page, read consistently;
 * only the `projection` attributes of each when given.
 */
export async function queryPartition(
  doc: DynamoDBDocumentClient,
  table: string,
  matchId: string,
  prefix: string,
  projection?: string[],
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await doc.send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': matchKey(matchId), ':prefix': prefix },
        // Attribute names may be reserved words (`log`): each goes through a placeholder.
        ...(projection
          ? {
              ProjectionExpression: projection.map((_, i) => `#p${i}`).join(', '),
              ExpressionAttributeNames: Object.fromEntries(projection.map((a, i) => [`#p${i}`, a])),
            }
          : {}),
        ExclusiveStartKey: start,
        ConsistentRead: true,
      }),
    );
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}
