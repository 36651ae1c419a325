// The single table's shape, shared by the CDK stack's description and the local stack's creation.
import {
  CreateTableCommand,
  DescribeTableCommand,
  ResourceNotFoundException,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';

export const TABLE_KEYS = {
  partitionKey: 'pk',
  sortKey: 'sk',
  statusIndex: 'byStatus',
  statusIndexPartitionKey: 'gsi1pk',
  statusIndexSortKey: 'gsi1sk',
  ttlAttribute: 'expiresAt',
} as const;

/** Creates the table if it does not exist yet (DynamoDB Local, tests). On AWS, CDK owns it. */
export async function createTable(client: DynamoDBClient, tableName: string): Promise<void> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [
        { AttributeName: TABLE_KEYS.partitionKey, AttributeType: 'S' },
        { AttributeName: TABLE_KEYS.sortKey, AttributeType: 'S' },
        { AttributeName: TABLE_KEYS.statusIndexPartitionKey, AttributeType: 'S' },
        { AttributeName: TABLE_KEYS.statusIndexSortKey, AttributeType: 'S' },
      ],
      KeySchema: [
        { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [
        {
          IndexName: TABLE_KEYS.statusIndex,
          KeySchema: [
            { AttributeName: TABLE_KEYS.statusIndexPartitionKey, KeyType: 'HASH' },
            { AttributeName: TABLE_KEYS.statusIndexSortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
    }),
  );
}
