// Web Push: the server's VAPID key, and a player's devices subscribing to his match's notices.
import type { Ports } from '../ports.js';
import { pushKey, subscribe, unsubscribe } from '../service/push/subscriptions.js';
import { mount, type ApiApp } from './contract.js';
import { routes } from './routes.js';

export function registerPushRoutes(app: ApiApp, ports: Ports): void {
  mount(app, routes.pushKey, (c) => c.json(pushKey(ports)));

  mount(app, routes.subscribe, async (c, input) => {
    const { caller } = input;
    return c.json(await subscribe(ports, caller, await input.body()), 201);
  });

  mount(app, routes.unsubscribe, async (c, input) => {
    const { caller } = input;
    return c.json(await unsubscribe(ports, caller, await input.body()));
  });
}
