// The WebSocket API's $connect and $disconnect: a page connects with ?match=<id>[&ticket=<ticket>] (a
// single-use ticket from POST /live-ticket, never a token); a bad match or ticket is refused before the
// connection exists, with the API's statuses and error body. It reads only the match, the player and the
// ticket (match-items.ts, live-tickets.ts), not the whole store: a small bundle, a quick cold start.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyResult, APIGatewayProxyWebsocketEventV2, Context } from 'aws-lambda';
import { ApiGatewayLive } from '../adapters/aws/apigw-live.js';
import { getMeta, getPlayer } from '../adapters/aws/match-items.js';
import { PowertoolsTelemetry } from '../adapters/aws/powertools-telemetry.js';
import { errorJson, statusOf } from '../api/status.js';
import { DynamoLiveTickets } from '../adapters/aws/live-tickets.js';
import { readerForTicket } from '../service/live.js';
import { LIVE_ENV, readEnv } from '../env.js';

type ConnectEvent = APIGatewayProxyWebsocketEventV2 & { queryStringParameters?: Record<string, string | undefined> };

const env = readEnv(LIVE_ENV);
const tableName = env.TABLE_NAME;
const dynamo = new DynamoDBClient(env.DYNAMO_ENDPOINT ? { endpoint: env.DYNAMO_ENDPOINT } : {});
const doc = DynamoDBDocumentClient.from(dynamo);
const players = {
  getPlayer: (matchId: string, playerId: string) => getPlayer(doc, tableName, matchId, playerId),
  liveTickets: new DynamoLiveTickets(doc, tableName),
};
const live = new ApiGatewayLive({ dynamo, tableName, endpoint: env.LIVE_ENDPOINT ?? '' });
const telemetry = new PowertoolsTelemetry(env.STAGE);

const accepted: APIGatewayProxyResult = { statusCode: 200, body: '' };

function refused(reason: string, message: string): APIGatewayProxyResult {
  telemetry.metric('refusals', 1, reason);
  return {
    statusCode: statusOf(reason),
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(errorJson(reason, message)),
  };
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
  const reader = await readerForTicket(players, meta, query.ticket, Date.now());
  if (!reader) return refused('unauthorized', 'The ticket is not valid for this match (used, lapsed or another seat’s).');
  const address = (event.requestContext as { identity?: { sourceIp?: string } }).identity?.sourceIp ?? 'unknown';
  if (!(await live.connect({ id: connectionId, matchId: meta.id, reader }, Date.now(), address))) {
    return refused('rate-limited', 'Too many open pages from this address; close some.');
  }
  return accepted;
}
