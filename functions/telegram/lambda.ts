// Telegram's webhook on AWS (issue 45): API Gateway hands one update per request; the secret header is
// checked, the update handled once (its work commits before the answer), and the answer is only a status.
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { awsPorts } from '../compose.js';
import { lambdaEnv } from '../env.js';
import { PowertoolsTelemetry } from '../adapters/aws/powertools-telemetry.js';
import { SECRET_HEADER, webhook } from './webhook.js';

const env = lambdaEnv();
const telemetry = new PowertoolsTelemetry(env.STAGE);
const ports = awsPorts({ telemetry }, env);
const secret = env.TELEGRAM_WEBHOOK_SECRET ?? '';

export async function handler(event: APIGatewayProxyEventV2, context?: Context): Promise<APIGatewayProxyStructuredResultV2> {
  telemetry.begin(context);
  const body = event.body === undefined ? '' : event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  const statusCode = await webhook(ports, secret, event.headers?.[SECRET_HEADER], body);
  return { statusCode };
}
