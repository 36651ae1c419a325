// The API function: the Hono app behind API Gateway's HTTP API (payload v2), reached through CloudFront.
import type { Context } from 'aws-lambda';
import { handle, type LambdaEvent } from 'hono/aws-lambda';
import { awsPorts } from '../compose.js';
import { lambdaEnv } from '../env.js';
import { PowertoolsTelemetry } from '../adapters/aws/powertools-telemetry.js';
import { createApp } from './app.js';

const env = lambdaEnv();
const telemetry = new PowertoolsTelemetry(env.STAGE);
const { app } = createApp(awsPorts({ telemetry }, env), {
  ratePerMinute: env.RATE_PER_MINUTE,
  anonymousPerMinute: env.ANONYMOUS_RATE_PER_MINUTE,
  createPerHour: env.CREATE_PER_HOUR,
  ...(env.ORIGIN_SECRET ? { originSecret: env.ORIGIN_SECRET } : {}),
  createPerHourAll: env.CREATE_PER_HOUR_ALL,
});
const serve = handle(app);

/** The match a request is about, for its log lines: the segment after /api/matches/. */
function matchIdOf(path: string | undefined): string | undefined {
  const [, api, matches, id] = (path ?? '').split('/');
  return api === 'api' && matches === 'matches' && id ? id.slice(0, 64) : undefined;
}

export async function handler(event: LambdaEvent, context: Context) {
  const path = 'rawPath' in event ? event.rawPath : event.path;
  telemetry.begin(context, {
    requestId: (event.requestContext as { requestId?: string } | undefined)?.requestId,
    matchId: matchIdOf(path),
  });
  return serve(event, context);
}
