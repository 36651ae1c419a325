// Web Push: the server's VAPID key, and a player's devices subscribing to his match's notices.
import type { Hono } from 'hono';
import type { Ports } from '../ports.js';
import { pushEndpointBody, pushKey, pushSubscriptionBody, subscribe, unsubscribe } from '../service/push/subscriptions.js';
import { asPlayer } from './auth.js';
import { body } from './body.js';
import type { RouteDoc } from './openapi.js';

export function registerPushRoutes(app: Hono, ports: Ports, doc: (d: RouteDoc) => void): void {
  doc({ method: 'get', path: '/api/push/key', summary: 'The VAPID public key to subscribe with: { publicKey }', auth: 'none' });
  app.get('/api/push/key', (c) => c.json(pushKey(ports)));

  doc({ method: 'post', path: '/api/matches/{id}/push', summary: 'Notify this device (a PushSubscription, with `lang`) when a phase resolves and before each deadline', auth: 'player', body: pushSubscriptionBody });
  app.post('/api/matches/:id/push', async (c) => {
    const caller = await asPlayer(ports, c, c.req.param('id'));
    return c.json(await subscribe(ports, caller, await body(c, pushSubscriptionBody)), 201);
  });

  doc({ method: 'delete', path: '/api/matches/{id}/push', summary: 'Stop notifying this device: { endpoint }', auth: 'player', body: pushEndpointBody });
  app.delete('/api/matches/:id/push', async (c) => {
    const caller = await asPlayer(ports, c, c.req.param('id'));
    return c.json(await unsubscribe(ports, caller, await body(c, pushEndpointBody)));
  });
}
