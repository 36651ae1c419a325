// The API function: the Hono app behind API Gateway's HTTP API (payload v2), reached through CloudFront.
import type { Context } from 'aws-lambda';
import { handle, type LambdaEvent } from 'hono/aws-lambda';
import { awsPorts } from '../compose.js';
import { PowertoolsTelemetry } from '../adapters/aws/powertools-telemetry.js';
import { createApp } from './app.js';
import { BUSY_EVENING_LIMITS } from './rate-limit.js';

const telemetry = new PowertoolsTelemetry();
const { app } = createApp(awsPorts({ telemetry }), {
  ratePerMinute: Number(process.env.RATE_PER_MINUTE ?? String(BUSY_EVENING_LIMITS.perTokenPerMinute)),
  anonymousPerMinute: Number(process.env.ANONYMOUS_RATE_PER_MINUTE ?? String(BUSY_EVENING_LIMITS.perAddressPerMinute)),
  createPerHour: Number(process.env.CREATE_PER_HOUR ?? '10'),
  createPerHourAll: Number(process.env.CREATE_PER_HOUR_ALL ?? '600'),
  ...(process.env.ORIGIN_SECRET ? { originSecret: process.env.ORIGIN_SECRET } : {}),
});
const serve = handle(app);

/** The match a request is about, for its log lines: the segment after /api/matches/. */
function matchIdOf(path: string | undefined): string | undefined {
  const [, api, matches, id] = (path ?? '').split('/');
  return api === 'api' && matches === 'matches' && id ? id.slice(0, 64) : undefined;
}

export async function handler(event: LambdaEvent, context: Context) {
  const path = 'rawPath' in event ? event.rawPath : event.path;
  telemetry.begin(context, { requestId: (event.requestContext as { requestId?: string } | undefined)?.requestId, matchId: matchIdOf(path) });
  return serve(event, context);
}
