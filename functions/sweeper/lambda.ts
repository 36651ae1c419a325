// The sweeper function: every few minutes, resolves phases whose trigger was lost. Any store or
// publisher error fails the invocation (after every due match was tried), so its alarm sees it.
import type { Context } from 'aws-lambda';
import { awsPorts } from '../compose.js';
import { PowertoolsTelemetry } from '../adapters/aws/powertools-telemetry.js';
import { sweep } from '../service/resolve.js';

const telemetry = new PowertoolsTelemetry();
const ports = awsPorts({ telemetry });

export async function handler(_event?: unknown, context?: Context) {
  telemetry.begin(context);
  const resolved = await sweep(ports);
  telemetry.log('info', 'sweeper', { resolved });
  return { resolved };
}
