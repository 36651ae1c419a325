// The resolver function: EventBridge Scheduler invokes it with { matchId, phase } at a phase's deadline.
// It fails the invocation on anything but a settled answer, so that the scheduler retries and its
// dead-letter queue (and alarm) see a resolution that never succeeded (decision 7).
import type { Context } from 'aws-lambda';
import * as z from 'zod';
import { awsPorts } from '../compose.js';
import { PowertoolsTelemetry } from '../adapters/aws/powertools-telemetry.js';
import { resolvePhase, type ResolveOutcome } from '../service/resolve.js';

const telemetry = new PowertoolsTelemetry();
const ports = awsPorts({ telemetry });
const trigger = z.object({ matchId: z.string().max(64), phase: z.string().max(64) });

/** The outcomes that end a trigger's work; `busy` (a crashed resolver's lease still running) is retried. */
const SETTLED: ReadonlySet<ResolveOutcome> = new Set(['resolved', 'not-due', 'nothing-to-do', 'paused', 'unknown-match']);

export async function handler(event: unknown, context?: Context) {
  telemetry.begin(context);
  const { matchId, phase } = trigger.parse(event);
  telemetry.begin(context, { matchId, phase });
  // A store or publisher error propagates: the invocation fails.
  const outcome = await resolvePhase(ports, matchId, phase);
  telemetry.log(SETTLED.has(outcome) ? 'info' : 'error', 'resolver', { outcome });
  if (!SETTLED.has(outcome)) throw new Error(`resolver: ${matchId} ${phase} is ${outcome}; retry later`);
  return { matchId, phase, outcome };
}
