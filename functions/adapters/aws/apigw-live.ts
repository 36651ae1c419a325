// The LiveChannel on AWS: API Gateway WebSocket connections kept in the table (under their match,
// and by id for $disconnect), notices posted through the management API; a gone connection is removed.
import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { LiveChannel } from '../../ports.js';
import type { LiveConnection, LiveNotice } from '../../records.js';
import { hears, liveMessage, SOCKETS_PER_ADDRESS } from '../../service/live.js';
import { connectionKey, connectionSk, liveAddressKey, matchKey, PREFIX, TABLE_KEYS } from './keys.js';

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

  /**
   * Keeps an accepted connection. With `address`, refuses it (false, nothing kept) when that address already
   * has SOCKETS_PER_ADDRESS open.
   */
  async connect(connection: LiveConnection, now: number, address?: string): Promise<boolean> {
    const expires = Math.floor(now / 1000) + KEEP_SECONDS;
    const t = this.options.tableName;
    if (address !== undefined) {
      try {
        await this.doc.send(
          new UpdateCommand({
            TableName: t,
            Key: liveAddressKey(address),
            UpdateExpression: 'ADD n :one SET #ttl = :expires',
            ConditionExpression: 'attribute_not_exists(n) OR n < :cap',
            ExpressionAttributeNames: { '#ttl': TABLE_KEYS.ttlAttribute },
            ExpressionAttributeValues: { ':one': 1, ':cap': SOCKETS_PER_ADDRESS, ':expires': expires },
          }),
        );
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return false;
        throw error;
      }
    }
    await this.doc.send(
      new PutCommand({
        TableName: t,
        Item: {
          pk: matchKey(connection.matchId),
          sk: connectionSk(connection.id),
          reader: connection.reader,
          [TABLE_KEYS.ttlAttribute]: expires,
        },
      }),
    );
    await this.doc.send(
      new PutCommand({
        TableName: t,
        Item: {
          ...connectionKey(connection.id),
          matchId: connection.matchId,
          ...(address !== undefined ? { address } : {}),
          [TABLE_KEYS.ttlAttribute]: expires,
        },
      }),
    );
    return true;
  }

  async disconnect(connectionId: string): Promise<void> {
    await this.forget(connectionId);
  }

  /** Forgets a connection once (its $disconnect after a closeSeat or a gone post finds nothing): its items and its address's count. */
  private async forget(connectionId: string, matchId?: string) {
    const t = this.options.tableName;
    const gone = await this.doc.send(new DeleteCommand({ TableName: t, Key: connectionKey(connectionId), ReturnValues: 'ALL_OLD' }));
    const match = matchId ?? (gone.Attributes?.matchId as string | undefined);
    if (match) await this.doc.send(new DeleteCommand({ TableName: t, Key: { pk: matchKey(match), sk: connectionSk(connectionId) } }));
    const address = gone.Attributes?.address;
    if (typeof address !== 'string') return;
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: t,
          Key: liveAddressKey(address),
          UpdateExpression: 'ADD n :less',
          ConditionExpression: 'n > :zero',
          ExpressionAttributeValues: { ':less': -1, ':zero': 0 },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
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
        await this.forget(c.id, matchId);
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
          await this.management.send(
            new PostToConnectionCommand({ ConnectionId: c.id, Data: encoder.encode(liveMessage(matchId, c, notice)) }),
          );
        } catch (error) {
          if (error instanceof GoneException || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 410) {
            await this.forget(c.id, matchId);
          } else throw error;
        }
      }),
    );
  }
}
