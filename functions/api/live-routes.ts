// Live pages: the ticket a page's socket connects with, so that no token ever rides in a URL (decision 14).
import type { Ports } from '../ports.js';
import { issueLiveTicket } from '../service/live.js';
import { bearer } from './auth.js';
import { mount, type ApiApp } from './contract.js';
import { routes } from './routes.js';

export function registerLiveRoutes(app: ApiApp, ports: Ports): void {
  mount(app, routes.liveTicket, async (c, input) => {
    const { caller } = input;
    return c.json(await issueLiveTicket(ports, caller.loaded.meta.id, { as: 'player', id: caller.playerId }, bearer(c)), 201);
  });
  mount(app, routes.gmLiveTicket, async (c, input) => {
    const { meta } = input.caller;
    return c.json(await issueLiveTicket(ports, meta.id, { as: 'gm' }, bearer(c)), 201);
  });
}
