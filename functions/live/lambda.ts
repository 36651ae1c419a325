// The WebSocket API's $connect and $disconnect: a page connects with ?match=<id>[&token=<token>];
// a bad match or token is refused before the connection exists.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { APIGatewayProxyResult, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { ApiGatewayLive } from '../adapters/aws/apigw-live.js';
import { DynamoStore } from '../adapters/aws/dynamo-store.js';
import { readerFor } from '../service/live.js';

type ConnectEvent = APIGatewayProxyWebsocketEventV2 & { queryStringParameters?: Record<string, string | undefined> };

const tableName = process.env.TABLE_NAME ?? '';
const dynamo = new DynamoDBClient(process.env.DYNAMO_ENDPOINT ? { endpoint: process.env.DYNAMO_ENDPOINT } : {});
const store = new DynamoStore({ client: dynamo, tableName });
const live = new ApiGatewayLive({ dynamo, tableName, endpoint: process.env.LIVE_ENDPOINT ?? '' });

export async function handler(event: ConnectEvent): Promise<APIGatewayProxyResult> {
  const { routeKey, connectionId } = event.requestContext;
  if (routeKey === '$disconnect') {
    await live.disconnect(connectionId);
    return { statusCode: 200, body: '' };
  }
  if (routeKey !== '$connect') return { statusCode: 400, body: 'pages only listen' };
  const query = event.queryStringParameters ?? {};
  const matchId = query.match ?? '';
  const meta = /^[a-z0-9-]{1,64}$/.test(matchId) ? await store.getMeta(matchId) : null;
  if (!meta) return { statusCode: 404, body: 'no such match' };
  const reader = await readerFor(store, meta, query.token);
  if (!reader) return { statusCode: 401, body: 'the token is not valid for this match' };
  await live.connect({ id: connectionId, matchId: meta.id, reader }, Date.now());
  return { statusCode: 200, body: '' };
}
