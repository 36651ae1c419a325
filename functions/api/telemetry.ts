// The API's part of operations: every refusal is counted by its reason id (metric Refusals).
import type { MiddlewareHandler } from 'hono';
import type { Ports } from '../ports.js';
import { telemetryOf } from '../service/telemetry.js';
import { refusalOf } from './status.js';

export function countRefusals(ports: Ports): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const reason = refusalOf(c);
    if (reason !== undefined) telemetryOf(ports).metric('refusals', 1, reason);
  };
}
