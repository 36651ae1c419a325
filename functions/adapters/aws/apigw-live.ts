// The LiveChannel on AWS: API Gateway WebSocket connections kept in the table (under their match,
// and by id for $disconnect), notices posted through the management API; a gone connection is removed.
import { ApiGatewayManagementApiClient, DeleteConnectionCommand, GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { LiveChannel } from '../../ports.js';
import type { LiveConnection, LiveNotice } from '../../records.js';
import { hears, liveMessage } from '../../service/live.js';
import { connectionKey, connectionSk, matchKey, PREFIX, TABLE_KEYS } from './keys.js';

/** API Gateway closes a WebSocket after 2 hours at most; the items go a little later by TTL. */
const KEEP_SECONDS = 3 * 3600;

export interface ApiGatewayLiveOptions {
  dynamo: DynamoDBClient;
  tableName: string;
  /** The stage's management endpoint, https://<api>.execute-api.<region>.amazonaws.com/<stage>. */
  endpoint: string;
  management?: ApiGatewayManagementApiClient;
}

export class ApiGatewayLive implements LiveChannel {
  private readonly doc: DynamoDBDocumentClient;
  private readonly management: ApiGatewayManagementApiClient;

  constructor(private readonly options: ApiGatewayLiveOptions) {
    this.doc = DynamoDBDocumentClient.from(options.dynamo);
    this.management = options.management ?? new ApiGatewayManagementApiClient({ endpoint: options.endpoint });
  }

  async connect(connection: LiveConnection, now: number): Promise<void> {
    const expires = Math.floor(now / 1000) + KEEP_SECONDS;
    const t = this.options.tableName;
    await this.doc.send(
      new PutCommand({ TableName: t, Item: { pk: matchKey(connection.matchId), sk: connectionSk(connection.id), reader: connection.reader, [TABLE_KEYS.ttlAttribute]: expires } }),
    );
    await this.doc.send(
      new PutCommand({ TableName: t, Item: { ...connectionKey(connection.id), matchId: connection.matchId, [TABLE_KEYS.ttlAttribute]: expires } }),
    );
  }

  async disconnect(connectionId: string): Promise<void> {
    const t = this.options.tableName;
    const found = await this.doc.send(new GetCommand({ TableName: t, Key: connectionKey(connectionId) }));
    const matchId = found.Item?.matchId as string | undefined;
    if (matchId) await this.forget(matchId, connectionId);
  }

  private async forget(matchId: string, connectionId: string) {
    const t = this.options.tableName;
    await this.doc.send(new DeleteCommand({ TableName: t, Key: { pk: matchKey(matchId), sk: connectionSk(connectionId) } }));
    await this.doc.send(new DeleteCommand({ TableName: t, Key: connectionKey(connectionId) }));
  }

  async connections(matchId: string): Promise<LiveConnection[]> {
    const out: LiveConnection[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.doc.send(
        new QueryCommand({
          TableName: this.options.tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :c)',
          ExpressionAttributeValues: { ':pk': matchKey(matchId), ':c': PREFIX.connection },
          ExclusiveStartKey: start,
        }),
      );
      for (const item of page.Items ?? []) {
        out.push({ id: (item.sk as string).slice(PREFIX.connection.length), matchId, reader: item.reader as LiveConnection['reader'] });
      }
      start = page.LastEvaluatedKey;
    } while (start);
    return out;
  }

  async closeSeat(matchId: string, playerId: string): Promise<void> {
    const seat = (await this.connections(matchId)).filter((c) => c.reader.as === 'player' && c.reader.id === playerId);
    await Promise.all(
      seat.map(async (c) => {
        await this.forget(matchId, c.id);
        try {
          await this.management.send(new DeleteConnectionCommand({ ConnectionId: c.id }));
        } catch (error) {
          if (!(error instanceof GoneException)) throw error;
        }
      }),
    );
  }

  async announce(matchId: string, notice: LiveNotice): Promise<void> {
    const targets = (await this.connections(matchId)).filter((c) => hears(c, notice));
    const encoder = new TextEncoder();
    await Promise.all(
      targets.map(async (c) => {
        try {
          await this.management.send(new PostToConnectionCommand({ ConnectionId: c.id, Data: encoder.encode(liveMessage(matchId, c, notice)) }));
        } catch (error) {
          if (error instanceof GoneException || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 410) {
            await this.forget(matchId, c.id);
          } else throw error;
        }
      }),
    );
  }
}
