// The single table's shape, shared by the CDK stack's description and the local stack's creation.
import {
  CreateTableCommand,
  DescribeTableCommand,
  ResourceNotFoundException,
  UpdateTableCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { TABLE_KEYS } from './keys.js';

/** The stream the effects consumer reads (decision 11): both images, so a change says what it changed from. */
export const TABLE_STREAM = { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' } as const;

/**
 * Creates the table if it does not exist yet (DynamoDB Local, tests), with its stream; a table kept from
 * before the stream gets it. On AWS, CDK owns it. True when the table was made now.
 */
export async function createTable(client: DynamoDBClient, tableName: string): Promise<boolean> {
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (!Table?.StreamSpecification?.StreamEnabled) {
      await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: TABLE_STREAM }));
    }
    return false;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      StreamSpecification: TABLE_STREAM,
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
  return true;
}
