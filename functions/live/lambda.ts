// The WebSocket API's $connect and $disconnect: a page connects with ?match=<id>[&token=<token>];
// a bad match or token is refused before the connection exists, with the API's statuses and error body.
// It reads only the match and the player (match-items.ts), not the whole store: a small bundle, a quick cold start.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyResult, APIGatewayProxyWebsocketEventV2, Context } from 'aws-lambda';
import { ApiGatewayLive } from '../adapters/aws/apigw-live.js';
import { getMeta, getPlayer } from '../adapters/aws/match-items.js';
import { PowertoolsTelemetry } from '../adapters/aws/powertools-telemetry.js';
import { errorJson, statusOf } from '../api/status.js';
import { readerFor } from '../service/live.js';

type ConnectEvent = APIGatewayProxyWebsocketEventV2 & { queryStringParameters?: Record<string, string | undefined> };

const tableName = process.env.TABLE_NAME ?? '';
const dynamo = new DynamoDBClient(process.env.DYNAMO_ENDPOINT ? { endpoint: process.env.DYNAMO_ENDPOINT } : {});
const doc = DynamoDBDocumentClient.from(dynamo);
const players = { getPlayer: (matchId: string, playerId: string) => getPlayer(doc, tableName, matchId, playerId) };
const live = new ApiGatewayLive({ dynamo, tableName, endpoint: process.env.LIVE_ENDPOINT ?? '' });
const telemetry = new PowertoolsTelemetry();

const accepted: APIGatewayProxyResult = { statusCode: 200, body: '' };

function refused(reason: string, message: string): APIGatewayProxyResult {
  telemetry.metric('refusals', 1, reason);
  return { statusCode: statusOf(reason), headers: { 'content-type': 'application/json' }, body: JSON.stringify(errorJson(reason, message)) };
}

export async function handler(event: ConnectEvent, context?: Context): Promise<APIGatewayProxyResult> {
  const { routeKey, connectionId } = event.requestContext;
  const query = event.queryStringParameters ?? {};
  telemetry.begin(context, { connectionId, requestId: event.requestContext.requestId, matchId: query.match?.slice(0, 64) });
  if (routeKey === '$disconnect') {
    await live.disconnect(connectionId);
    return accepted;
  }
  if (routeKey !== '$connect') return refused('not-found', 'Pages only listen.');
  const matchId = query.match ?? '';
  const meta = /^[a-z0-9-]{1,64}$/.test(matchId) ? await getMeta(doc, tableName, matchId) : null;
  if (!meta) return refused('not-found', 'Match not found.');
  const reader = await readerFor(players, meta, query.token);
  if (!reader) return refused('unauthorized', 'The token is not valid for this match.');
  await live.connect({ id: connectionId, matchId: meta.id, reader }, Date.now());
  return accepted;
}
