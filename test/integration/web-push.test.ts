// Notifications while away (issue 16): Web Push to a local push service that decrypts what it gets. A player
// hears once per resolution and once per deadline (afresh when it moves), never while checked, paused,
// dead or after the end; the payload holds nothing a lock screen may not show; 404/410 end a subscription.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebPushSender, newVapidKeys } from '../../functions/adapters/web-push-sender.js';
import type { LocalStack } from '../../functions/local/stack.js';
import { notifyResults } from '../../functions/service/push/observers.js';
import { MAX_DEVICES_PER_PLAYER } from '../../functions/service/push/subscriptions.js';
import { sweep } from '../../functions/service/resolve.js';
import { reveals } from '../scenario/assert.js';
import { handClock } from '../setup/clock.js';
import { pushService } from '../setup/push-service.js';
import { client, effectsSettled, testStack } from '../setup/stack.js';
import { settle, shortcuts } from '../toolkit/helpers.js';
import { SEVEN, startSeven, type Api } from './lupus-table.js';

/** A clock the test moves by hand: reminders fall due when we say. */
const clock = handClock();
const MINUTE = 60_000;
const answers = new Map<string, number>();
/** Devices whose answer changes from try to try. */
const answersBy = new Map<string, () => number>();
const vapid = { ...newVapidKeys(), subject: 'mailto:test@example.org' };

let stack: LocalStack;
let api: Api;
let service: Awaited<ReturnType<typeof pushService>>;
beforeAll(async () => {
  service = await pushService((device) => answersBy.get(device)?.() ?? answers.get(device) ?? 201);
  stack = await testStack({ clock, sweepEveryMs: 3_600_000, push: new WebPushSender({ vapid, allowInternal: true, ca: service.cert }) });
  api = client(stack.url);
});
afterAll(async () => {
  await stack?.stop();
  await service?.close();
});

const settings = { 'check-mode': true, 'push-remind-minutes': 30 };
const subscribe = (matchId: string, token: string | undefined, body: unknown) => api.post(`/api/matches/${matchId}/push`, body, token);
const stored = (matchId: string) => stack.ports.store.push!.listSubscriptions(matchId);
/** Sweeps as the local loop and the AWS sweeper do, past the push sweep's own throttle. */
async function sweepAt(t: number) {
  clock.t = t;
  await sweep(stack.ports);
  await settle();
}

describe('Web Push (issue 16)', () => {
  it('issue 16: the VAPID public key is served; a player subscribes his device and may unsubscribe it', async () => {
    const key = await api.get('/api/push/key');
    expect(key).toEqual({ status: 200, body: { publicKey: vapid.publicKey } });
    expect(JSON.stringify(key.body)).not.toContain(vapid.privateKey);
    const m = await startSeven(api, settings, 'push-sub');
    const sub = service.subscription('sub-anna');
    expect((await subscribe(m.matchId, m.tokens.anna, { ...sub, lang: 'it' })).status).toBe(201);
    expect(await stored(m.matchId)).toEqual([expect.objectContaining({ playerId: 'anna', endpoint: sub.endpoint, lang: 'it' })]);
    const gone = await api.call('DELETE', `/api/matches/${m.matchId}/push`, { endpoint: sub.endpoint }, m.tokens.anna);
    expect(gone.status).toBe(200);
    expect(await stored(m.matchId)).toEqual([]);
  });

  it('issue 16: nobody subscribes with another’s token or a bad body: 401/403/400 with a reason id, nothing stored', async () => {
    const m = await startSeven(api, settings, 'push-refuse');
    const other = await startSeven(api, settings, 'push-refuse-2');
    const sub = service.subscription('refused');
    expect((await subscribe(m.matchId, other.tokens.anna, sub)).body.error.code).toBe('unauthorized');
    expect((await subscribe(m.matchId, undefined, sub)).status).toBe(401);
    expect((await subscribe(m.matchId, m.gm, sub)).body.error.code).toBe('player-only');
    const bad = [
      { ...sub, endpoint: sub.endpoint.replace('https:', 'http:') },
      { ...sub, endpoint: 'not a url' },
      { ...sub, keys: { p256dh: sub.keys.p256dh.slice(4), auth: sub.keys.auth } },
      { ...sub, keys: { p256dh: sub.keys.p256dh, auth: 'short' } },
      { ...sub, keys: undefined },
      { ...sub, lang: 'de' },
      { ...sub, extra: true },
      'not json',
    ];
    for (const body of bad) {
      const r = await subscribe(m.matchId, m.tokens.anna, body);
      expect(r, JSON.stringify(body)).toMatchObject({ status: 400, body: { error: { code: 'invalid-body' } } });
    }
    expect(await stored(m.matchId)).toEqual([]);
    expect(await stored(other.matchId)).toEqual([]);
  });

  it('issue 16: one notice per resolution to each subscribed device, in its language, with no role or secret', async () => {
    const m = await startSeven(api, settings, 'push-results');
    const s = shortcuts(api, m);
    await subscribe(m.matchId, m.tokens.anna, { ...service.subscription('res-anna'), lang: 'it' });
    await subscribe(m.matchId, m.tokens.bruno, { ...service.subscription('res-bruno'), lang: 'ru' });
    await s.act('anna', { type: 'investigate', target: 'bruno' });
    await s.post('bruno', 'pack', 'pack secret');
    expect((await s.resolve('night-1')).status).toBe(200);
    // Each device's notice is a delivery job of its own, after the commit (decision 11).
    await expect.poll(() => service.to('res-bruno').length).toBe(1);
    await expect.poll(() => service.to('res-anna').length).toBe(1);
    const meta = await stack.ports.store.getMeta(m.matchId);
    // A retried finish (the sweeper after a crash) and another sweep send nothing twice.
    await notifyResults(stack.ports, meta!, 'night-1');
    await sweepAt(clock.t);
    await effectsSettled(stack);
    expect(service.to('res-anna')).toHaveLength(1);
    expect(service.to('res-bruno')).toHaveLength(1);
    const [anna] = service.to('res-anna');
    expect(anna!.payload).toEqual({
      kind: 'results',
      match: { id: m.matchId, name: 'Seven at the village' },
      phase: 'night-1',
      next: 'day-1',
      lang: 'it',
    });
    expect(service.to('res-bruno')[0]!.payload).toMatchObject({ phase: 'night-1', lang: 'ru' });
    expect(anna!.vapidKey).toBe(vapid.publicKey);
    for (const d of [...service.to('res-anna'), ...service.to('res-bruno')]) {
      const text = JSON.stringify(d.payload);
      for (const hidden of ['investigat', 'pack secret', 'lupo', 'wolf', 'bruno', 'anna']) expect(text.toLowerCase()).not.toContain(hidden);
      for (const p of SEVEN) expect(reveals(d.payload, p.id, [p.role])).toBe(false);
    }
  });

  it('issue 16: one reminder per deadline to the living who have not checked, a fresh one after extend, none while paused or after the end', async () => {
    const m = await startSeven(api, settings, 'push-remind');
    const s = shortcuts(api, m);
    for (const who of ['anna', 'bruno', 'carla', 'dario']) await subscribe(m.matchId, m.tokens[who], service.subscription(`rem-${who}`));
    const remindersTo = (who: string) => service.to(`rem-${who}`).filter((d) => d.payload.kind === 'reminder');
    const counts = () => Object.fromEntries(['anna', 'bruno', 'carla', 'dario'].map((w) => [w, remindersTo(w).length]));
    const deadline: number = (await s.summary()).deadline;
    // Bruno checks; Carla is removed by the GM (a modkill: dead); Anna and Dario have neither checked nor died.
    expect((await api.post(`${s.base}/me/check`, { phase: 'night-1' }, m.tokens.bruno)).status).toBe(200);
    expect((await api.del(`${s.base}/players/carla`, m.gm)).status).toBe(200);

    await sweepAt(deadline - 31 * MINUTE);
    expect(counts()).toEqual({ anna: 0, bruno: 0, carla: 0, dario: 0 });
    await sweepAt(deadline - 29 * MINUTE);
    await expect.poll(counts).toEqual({ anna: 1, bruno: 0, carla: 0, dario: 1 });
    expect(remindersTo('anna')[0]!.payload).toEqual({
      kind: 'reminder',
      match: { id: m.matchId, name: 'Seven at the village' },
      phase: 'night-1',
      deadline,
      lang: 'en',
    });
    expect(remindersTo('anna')[0]!.ttl).toBeLessThanOrEqual(29 * 60);
    // Concurrent sweepers and later sweeps: still one per deadline.
    clock.t += 5 * MINUTE;
    await Promise.all([sweep(stack.ports), sweep(stack.ports)]);
    await sweepAt(clock.t + 5 * MINUTE);
    expect(counts()).toEqual({ anna: 1, bruno: 0, carla: 0, dario: 1 });

    // The GM moves the deadline an hour: a fresh reminder when the new one is near.
    expect((await api.post(`${s.base}/extend`, { minutes: 60 }, m.gm)).status).toBe(200);
    await sweepAt(clock.t + 2_500);
    expect(counts()).toEqual({ anna: 1, bruno: 0, carla: 0, dario: 1 });
    await sweepAt(deadline + 60 * MINUTE - 20 * MINUTE);
    await expect.poll(counts).toEqual({ anna: 2, bruno: 0, carla: 0, dario: 2 });
    expect(remindersTo('anna')[1]!.payload.deadline).toBe(deadline + 60 * MINUTE);

    // Paused: nothing, however near the old deadline; resumed: the new deadline gets its reminder.
    expect((await api.post(`${s.base}/pause`, {}, m.gm)).status).toBe(200);
    await sweepAt(clock.t + 10 * MINUTE);
    expect(counts()).toEqual({ anna: 2, bruno: 0, carla: 0, dario: 2 });
    const resumed: number = (await api.post(`${s.base}/resume`, {}, m.gm)).body.deadline;
    await sweepAt(resumed - 10 * MINUTE);
    await expect.poll(counts).toEqual({ anna: 3, bruno: 0, carla: 0, dario: 3 });

    // Ended: never again.
    expect((await api.post(`${s.base}/end`, { winner: 'draw' }, m.gm)).status).toBe(200);
    await sweepAt(resumed - 5 * MINUTE);
    expect(counts()).toEqual({ anna: 3, bruno: 0, carla: 0, dario: 3 });
  });

  it('issue 16: 404 and 410 from the push service remove the subscription; 429 and 500 keep it', async () => {
    const m = await startSeven(api, settings, 'push-gone');
    for (const [who, status] of [
      ['anna', 404],
      ['bruno', 410],
      ['carla', 500],
      ['dario', 429],
      ['elena', 201],
    ] as const) {
      answers.set(`gone-${who}`, status);
      await subscribe(m.matchId, m.tokens[who], service.subscription(`gone-${who}`));
    }
    expect((await shortcuts(api, m).resolve('night-1')).status).toBe(200);
    await expect.poll(async () => (await stored(m.matchId)).map((x) => x.playerId).sort()).toEqual(['carla', 'dario', 'elena']);
    expect(service.to('gone-elena')).toHaveLength(1);
  });

  it('issue 16: a player keeps at most five devices: seven subscribing at once leave five, a later one pushes out the oldest', async () => {
    const m = await startSeven(api, settings, 'push-cap');
    const devices = Array.from({ length: 7 }, (_, i) => `cap-${i}`);
    const answered = await Promise.all(devices.map((d) => subscribe(m.matchId, m.tokens.anna, service.subscription(d))));
    expect(answered.map((r) => r.status)).toEqual(devices.map(() => 201));
    const annas = async () => (await stored(m.matchId)).filter((s) => s.playerId === 'anna').map((s) => s.endpoint);
    expect(await annas()).toHaveLength(MAX_DEVICES_PER_PLAYER);
    const kept = await annas();
    clock.t += MINUTE;
    const newest = service.subscription('cap-late');
    expect((await subscribe(m.matchId, m.tokens.anna, newest)).status).toBe(201);
    const after = await annas();
    expect(after).toHaveLength(MAX_DEVICES_PER_PLAYER);
    expect(after).toContain(newest.endpoint);
    expect(kept.filter((e) => !after.includes(e))).toHaveLength(1);
    // Another player's devices are not his to push out.
    expect((await subscribe(m.matchId, m.tokens.bruno, service.subscription('cap-bruno'))).status).toBe(201);
    expect(await annas()).toEqual(after);
  });

  it('issue 16: a notice the push service refuses for now (503, 429) is tried again and arrives once; a 400 is not retried', async () => {
    const m = await startSeven(api, settings, 'push-retry');
    const tries = new Map<string, number>();
    const script: Record<string, number[]> = { 'retry-anna': [503, 201], 'retry-bruno': [429, 500, 201], 'retry-carla': [400, 201] };
    for (const who of ['anna', 'bruno', 'carla'] as const) {
      const device = `retry-${who}`;
      answersBy.set(device, () => {
        const n = tries.get(device) ?? 0;
        tries.set(device, n + 1);
        return script[device]![Math.min(n, script[device]!.length - 1)]!;
      });
      await subscribe(m.matchId, m.tokens[who], service.subscription(device));
    }
    expect((await shortcuts(api, m).resolve('night-1')).status).toBe(200);
    await expect.poll(() => service.to('retry-bruno').length, { timeout: 15_000 }).toBe(1);
    expect(service.to('retry-anna')).toHaveLength(1);
    expect(tries.get('retry-anna')).toBe(2);
    expect(tries.get('retry-bruno')).toBe(3);
    // A 400 says the notice itself is wrong: trying it again would not help.
    expect(tries.get('retry-carla')).toBe(1);
    expect(service.to('retry-carla')).toHaveLength(0);
    expect((await stored(m.matchId)).map((x) => x.playerId).sort()).toEqual(['anna', 'bruno', 'carla']);
  });
});
