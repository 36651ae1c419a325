// Webhook kind `discourse` against a local receiver that checks what Discourse checks: POST /posts.json with
// Api-Key and Api-Username headers and a JSON body { topic_id, raw }. The key is write-only.
import { describe, expect, it, vi } from 'vitest';
import { sweep } from '../../functions/service/resolve.js';
import { backoffMs } from '../../functions/service/toolkit/outbox.js';
import { startSeven, type Api } from '../integration/lupus-table.js';
import { handClock } from '../setup/clock.js';
import { useStack } from '../setup/stack.js';
import { receiver, settle, shortcuts, type Received } from './helpers.js';

const clock = handClock();

const { api, stack } = useStack({ clock, sweepEveryMs: 3_600_000 });

const KEY = 'd1s2c3o4u5r6s7e8k9e0y1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2';
const USER = 'dusk-gm';

/** What a Discourse forum answers: 403 without the right key and user, 422 for a body it cannot post, 200 with the post. */
function discourse(r: Received, topic = 4242): number {
  if (r.path !== '/forum/posts.json') return 404;
  if (r.headers['api-key'] !== KEY || r.headers['api-username'] !== USER) return 403;
  if (!String(r.headers['content-type']).startsWith('application/json')) return 415;
  const b = r.body as { topic_id?: unknown; raw?: unknown };
  if (b.topic_id !== topic || typeof b.raw !== 'string' || b.raw.length < 20 || Object.keys(b).length !== 2) return 422;
  return 200;
}

const target = (base: string, extra: object = {}) => ({
  format: 'discourse',
  url: `${base}/forum/`,
  topicId: 4242,
  apiUsername: USER,
  apiKey: KEY,
  ...extra,
});

describe('Discourse webhook (issue 19)', () => {
  it('posts each phase’s Markdown post to the topic with the key headers; the key is never read back, exported or logged', async () => {
    const logged: string[] = [];
    const spies = (['log', 'error', 'warn', 'info'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' '))),
    );
    const r = await receiver((x) => discourse(x));
    try {
      const m = await startSeven(api, {}, 'discourse');
      const s = shortcuts(api, m);
      const set = await api.call('PUT', `${s.base}/webhooks`, { urls: [target(r.base, { lang: 'ru' })], remindBeforeMinutes: 30 }, m.gm);
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      expect(set.body.webhooks).toEqual(['discourse']);
      await api.del(`${s.base}/players/carla`, m.gm);
      await s.resolve('night-1');
      const [got] = await r.waitFor(1);
      expect(got!.path).toBe('/forum/posts.json');
      expect(discourse(got!)).toBe(200);
      // The raw post is the phase's Markdown post in the target's language, as the route gives it.
      const post = await fetch(`${stack.url}${s.base}/phases/night-1/post?format=markdown&lang=ru`);
      expect(got!.body.raw).toBe(await post.text());
      expect(got!.body.raw).toContain('Carla');
      await settle();
      const hooks = await api.get(`${s.base}/webhooks`, m.gm);
      expect(hooks.body.urls).toEqual([
        { format: 'discourse', url: `${r.base}/forum/`, topicId: 4242, apiUsername: USER, apiKey: 'set', lang: 'ru' },
      ]);
      expect(hooks.body.deliveries.map((d: any) => [d.kind, d.state, d.lastStatus])).toEqual([['results', 'sent', 200]]);
      // No reminder goes to a topic: it gets the phase posts only.
      clock.t = (await s.summary()).deadline - 10 * 60_000;
      await sweep(stack.ports);
      await settle();
      expect(r.requests).toHaveLength(1);

      const everywhere = [
        JSON.stringify(set.body),
        JSON.stringify(hooks.body),
        JSON.stringify((await api.get(`${s.base}/export`, m.gm)).body),
        JSON.stringify((await api.get(`${s.base}/gm`, m.gm)).body),
        JSON.stringify((await api.get(s.base)).body),
        JSON.stringify((await api.get(`/matches/${m.matchId}/index.json`)).body),
        logged.join('\n'),
      ];
      for (const text of everywhere) expect(text).not.toContain(KEY);
    } finally {
      for (const spy of spies) spy.mockRestore();
      await r.close();
    }
  });

  it('retries through the outbox (429) and gives up at once on a refused key (403), the key in no answer', async () => {
    let refuse = 2;
    const answers: number[] = [];
    const r = await receiver((x) => {
      const a = refuse-- > 0 ? 429 : discourse(x);
      answers.push(a);
      return a;
    });
    try {
      const m = await startSeven(api, {}, 'discourse-retry');
      const s = shortcuts(api, m);
      await api.call(
        'PUT',
        `${s.base}/webhooks`,
        { urls: [target(r.base), target(r.base, { apiKey: 'x'.repeat(32), topicId: 7 })], remindBeforeMinutes: 0 },
        m.gm,
      );
      await s.resolve('night-1');
      await r.waitFor(2);
      await settle();
      let d = (await api.get(`${s.base}/webhooks`, m.gm)).body.deliveries;
      expect(d.map((x: any) => [x.state, x.lastStatus])).toEqual([
        ['pending', 429],
        ['pending', 429],
      ]);
      clock.t += backoffMs(1);
      await sweep(stack.ports);
      await settle();
      d = (await api.get(`${s.base}/webhooks`, m.gm)).body.deliveries;
      // The good key posts (once); the wrong one is refused for good, as Discourse refuses it.
      expect(d.map((x: any) => [x.state, x.attempts, x.lastStatus])).toEqual([
        ['sent', 2, 200],
        ['failed', 2, 403],
      ]);
      expect(answers.filter((a) => a === 200)).toHaveLength(1);
      expect(r.requests.every((x) => String(x.headers['idempotency-key']).startsWith(`dusk-${m.matchId}-results#night-1#`))).toBe(true);
      expect(JSON.stringify(d)).not.toContain(KEY);
    } finally {
      await r.close();
    }
  });

  it('refuses a bad target with a reason and without echoing the key; a removed target’s delivery is dropped', async () => {
    const r = await receiver(() => 200);
    try {
      const m = await startSeven(api, {}, 'discourse-bad');
      const s = shortcuts(api, m);
      for (const bad of [
        { apiKey: 'short' },
        { apiKey: `${KEY}!` },
        { topicId: 0 },
        { apiUsername: 'a b' },
        { url: 'ftp://forum.example' },
        { lang: 'de' },
        { extra: 1 },
      ]) {
        const answer = await api.call('PUT', `${s.base}/webhooks`, { urls: [target(r.base, bad)], remindBeforeMinutes: 0 }, m.gm);
        expect(answer.status, JSON.stringify(bad)).toBe(400);
        expect(answer.body.error.code).toBe('invalid-body');
        expect(JSON.stringify(answer.body)).not.toContain(KEY);
      }
      expect((await api.call('PUT', `${s.base}/webhooks`, { urls: [target(r.base)], remindBeforeMinutes: 0 })).status).toBe(401);
      // Queued while the receiver is down, then the GM removes the target: nothing is posted with the old key.
      const down = await receiver(() => 503);
      await api.call('PUT', `${s.base}/webhooks`, { urls: [target(down.base)], remindBeforeMinutes: 0 }, m.gm);
      await s.resolve('night-1');
      await down.waitFor(1);
      await settle();
      await api.call('PUT', `${s.base}/webhooks`, { urls: [], remindBeforeMinutes: 0 }, m.gm);
      clock.t += backoffMs(1);
      await sweep(stack.ports);
      await settle();
      expect(down.requests).toHaveLength(1);
      expect((await api.get(`${s.base}/webhooks`, m.gm)).body.deliveries.map((x: any) => x.state)).toEqual(['dropped']);
      await down.close();
    } finally {
      await r.close();
    }
  });
});
