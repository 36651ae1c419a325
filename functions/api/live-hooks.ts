// After a GM's or a lobby's write that anyone may know of, the match's open pages hear of it (push).
import type { Hono } from 'hono';
import type { Ports } from '../ports.js';
import { closeSeat, notifyCommitted } from '../service/live.js';

/**
 * Writes whose change is public: the lobby, the lifecycle, the GM toolkit's corrections. A start and a
 * forced end are not here: they finish through `finishResolution`, which tells the open pages itself.
 */
const PUBLIC_WRITE =
  /^\/api\/matches\/([a-z0-9-]{1,64})\/(pause|resume|extend|rollback|settings|players(\/[a-z0-9-]{1,64}(\/substitute)?)?)$/;

const SEAT_CHANGE = /^\/api\/matches\/([a-z0-9-]{1,64})\/players\/([a-z0-9-]{1,64})(\/substitute)?$/;

export function registerLiveHooks(app: Hono, ports: Ports): void {
  app.use('/api/matches/:id/*', async (c, next) => {
    await next();
    if (c.req.method === 'GET' || c.res.status >= 300) return;
    const match = PUBLIC_WRITE.exec(c.req.path);
    if (!match) return;
    // A seat that changed hands or was freed: its open sockets heard its private events; they close.
    const seat = SEAT_CHANGE.exec(c.req.path);
    if (seat && (c.req.method === 'DELETE' || seat[3])) await closeSeat(ports, seat[1]!, seat[2]!);
    await notifyCommitted(ports, match[1]!, { events: [], everyone: true });
  });
}
