// The resolver function: EventBridge Scheduler invokes it with { matchId, phase } at a phase's deadline.
import * as z from 'zod';
import { awsPorts } from '../adapters/aws/ports.js';
import { resolvePhase } from '../service/resolve.js';

const ports = awsPorts();
const trigger = z.object({ matchId: z.string().max(64), phase: z.string().max(64) });

export async function handler(event: unknown) {
  const { matchId, phase } = trigger.parse(event);
  const outcome = await resolvePhase(ports, matchId, phase);
  console.log(JSON.stringify({ level: 'info', message: 'resolver', matchId, phase, outcome }));
  return { matchId, phase, outcome };
}
