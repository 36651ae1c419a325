// Webhooks against a local HTTP receiver: results in three body formats, reminders, retries, never blocking.
import { describe, expect, it } from 'vitest';
import { finishResolution, sweep } from '../../functions/service/resolve.js';
import { MAX_ATTEMPTS, backoffMs, deliver } from '../../functions/service/toolkit/outbox.js';
import type { OutboxItem } from '../../functions/records.js';
import { SEVEN, startSeven } from '../integration/lupus-table.js';
import { reveals } from '../scenario/assert.js';
import { handClock } from '../setup/clock.js';
import { useStack } from '../setup/stack.js';
import { receiver, settle, shortcuts, type Answer } from './helpers.js';

/** A clock the test moves by hand: deadlines, reminders and backoff pass when we say. */
const clock = handClock();
const MINUTE = 60_000;

const { stack, api } = useStack({ clock, sweepEveryMs: 3_600_000 });

const hooks = (matchId: string, gm: string, urls: unknown[], remindBeforeMinutes = 0) =>
  api.call('PUT', `/api/matches/${matchId}/webhooks`, { urls, remindBeforeMinutes }, gm);
const deliveries = async (matchId: string, gm: string) => (await api.get(`/api/matches/${matchId}/webhooks`, gm)).body.deliveries;

describe('webhooks', () => {
  it('announce each phase’s public results in Discord, Telegram and plain JSON bodies, and nothing private', async () => {
    const r = await receiver();
    try {
      const m = await startSeven(api, {}, 'hooks-results');
      const s = shortcuts(api, m);
      const set = await hooks(m.matchId, m.gm, [
        { url: `${r.base}/discord`, format: 'discord' },
        { url: `${r.base}/telegram`, format: 'telegram', chatId: '-100123' },
        `${r.base}/plain`,
      ]);
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      expect(set.body.webhooks).toEqual(['discord', 'telegram', 'json']);
      await s.act('anna', { type: 'investigate', target: 'bruno' });
      await s.post('bruno', 'pack', 'pack secret');
      await api.del(`${s.base}/players/carla`, m.gm);
      await s.resolve('night-1');
      const got = await r.waitFor(3);
      expect(got.map((x) => x.path).sort()).toEqual(['/discord', '/plain', '/telegram']);
      const by = Object.fromEntries(got.map((x) => [x.path, x]));
      expect(by['/discord']!.body).toEqual({ content: expect.stringContaining('night-1'), allowed_mentions: { parse: [] } });
      expect(by['/telegram']!.body).toEqual({
        chat_id: '-100123',
        text: expect.stringContaining('night-1 is over'),
        disable_web_page_preview: true,
      });
      const plain = by['/plain']!.body;
      expect(plain).toMatchObject({ type: 'results', phase: 'night-1', match: { id: m.matchId }, next: { phase: 'day-1' } });
      expect(plain.events.every((e: any) => e.to === 'public')).toBe(true);
      for (const x of got) {
        expect(x.headers['idempotency-key']).toMatch(new RegExp(`^dusk-${m.matchId}-results#night-1#`));
        const text = JSON.stringify(x.body);
        for (const hidden of ['investigation-result', 'pack secret', 'shady']) expect(text).not.toContain(hidden);
        for (const p of SEVEN) expect(reveals(x.body, p.id, [p.role])).toBe(false);
      }
      // Delivered once: the sweeper finds nothing more to send.
      await sweep(stack.ports);
      await settle();
      expect(r.requests).toHaveLength(3);
      expect((await deliveries(m.matchId, m.gm)).map((d: any) => d.state)).toEqual(['sent', 'sent', 'sent']);
    } finally {
      await r.close();
    }
  });

  it('a start announces nothing: the phase it opens has no results yet, even when the sweeper finishes it too', async () => {
    const r = await receiver();
    try {
      // The GM sets the hooks in the lobby, before the start.
      const m = await startSeven(api, {}, 'hooks-start', async (matchId, gm) => {
        expect((await hooks(matchId, gm, [`${r.base}/plain`])).status).toBe(200);
      });
      // The sweeper may finish the start's mark too, while the start is still publishing: the same finish.
      const meta = (await stack.ports.store.getMeta(m.matchId))!;
      await finishResolution(stack.ports, { ...meta, needsPublish: meta.phase });
      await sweep(stack.ports);
      await settle();
      expect(r.requests).toHaveLength(0);
      // The first results are night-1's, announced once.
      await shortcuts(api, m).resolve('night-1');
      const [first] = await r.waitFor(1);
      expect(first!.body).toMatchObject({ type: 'results', phase: 'night-1' });
      await sweep(stack.ports);
      await settle();
      expect(r.requests).toHaveLength(1);
    } finally {
      await r.close();
    }
  });

  it('remind once per deadline, afresh when it moves, never while paused or after the end', async () => {
    const r = await receiver();
    try {
      const m = await startSeven(api, {}, 'hooks-remind');
      const s = shortcuts(api, m);
      await hooks(m.matchId, m.gm, [`${r.base}/remind`], 60);
      const deadline: number = (await s.summary()).deadline;
      await sweep(stack.ports);
      await settle();
      expect(r.requests).toHaveLength(0);

      clock.t = deadline - 30 * MINUTE;
      await sweep(stack.ports);
      await sweep(stack.ports);
      await r.waitFor(1);
      await settle();
      expect(r.requests.map((x) => x.body)).toEqual([expect.objectContaining({ type: 'reminder', phase: 'night-1', deadline })]);

      // The GM moves the deadline an hour later: one fresh reminder when the new one is an hour away.
      await api.post(`${s.base}/extend`, { minutes: 60 }, m.gm);
      clock.t += MINUTE;
      await sweep(stack.ports);
      await settle();
      expect(r.requests).toHaveLength(1);
      clock.t = deadline + MINUTE;
      await sweep(stack.ports);
      await r.waitFor(2);
      expect(r.requests[1]!.body).toMatchObject({ type: 'reminder', deadline: deadline + 60 * MINUTE });

      // Paused: nothing, however long; resumed: the new deadline gets its reminder.
      const paused = await api.post(`${s.base}/pause`, {}, m.gm);
      expect(paused.status, JSON.stringify(paused.body)).toBe(200);
      clock.t += 5 * 60 * MINUTE;
      await sweep(stack.ports);
      await settle();
      expect(
        r.requests.map((x) => x.body),
        JSON.stringify(await deliveries(m.matchId, m.gm)),
      ).toHaveLength(2);
      const resumed = (await api.post(`${s.base}/resume`, {}, m.gm)).body.deadline;
      clock.t += MINUTE;
      await sweep(stack.ports);
      await r.waitFor(3);
      expect(r.requests[2]!.body).toMatchObject({ type: 'reminder', deadline: resumed });

      // Ended: never again.
      await api.post(`${s.base}/end`, { winner: 'draw' }, m.gm);
      await r.waitFor(4);
      expect(r.requests[3]!.body.type).toBe('results');
      clock.t = resumed - MINUTE;
      await sweep(stack.ports);
      await settle();
      expect(r.requests).toHaveLength(4);
    } finally {
      await r.close();
    }
  });

  it('retries a failed delivery with backoff under one idempotency key, and gives up after a bounded number of attempts', async () => {
    const answers: Answer[] = [500, 500, 200];
    const r = await receiver((_x, i) => answers[i] ?? 200);
    const down = await receiver(() => 503);
    try {
      const m = await startSeven(api, {}, 'hooks-retry');
      await hooks(m.matchId, m.gm, [`${r.base}/flaky`]);
      await api.post(`/api/matches/${m.matchId}/resolve`, { phase: 'night-1' }, m.gm);
      await r.waitFor(1);
      await settle();
      let [d] = await deliveries(m.matchId, m.gm);
      expect(d).toMatchObject({ state: 'pending', attempts: 1, lastStatus: 500, nextAt: clock.t + backoffMs(1) });
      await sweep(stack.ports);
      await settle();
      expect(r.requests).toHaveLength(1);
      clock.t += backoffMs(1);
      await sweep(stack.ports);
      clock.t += backoffMs(2);
      await sweep(stack.ports);
      [d] = await deliveries(m.matchId, m.gm);
      expect(d).toMatchObject({ state: 'sent', attempts: 3, lastStatus: 200 });
      expect(new Set(r.requests.map((x) => x.headers['idempotency-key'])).size).toBe(1);

      const n = await startSeven(api, {}, 'hooks-down');
      await hooks(n.matchId, n.gm, [`${down.base}/down`]);
      await api.post(`/api/matches/${n.matchId}/resolve`, { phase: 'night-1' }, n.gm);
      await down.waitFor(1);
      await settle();
      for (let i = 1; i < MAX_ATTEMPTS + 3; i++) {
        clock.t += backoffMs(i);
        await sweep(stack.ports);
      }
      expect(down.requests).toHaveLength(MAX_ATTEMPTS);
      expect((await deliveries(n.matchId, n.gm))[0]).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS, lastStatus: 503 });
    } finally {
      await r.close();
      await down.close();
    }
  });

  it('sends a delivery once, whoever else read it: a stale copy, even one settled at the same clock reading, is refused', async () => {
    const r = await receiver();
    try {
      const m = await startSeven(api, {}, 'hooks-once');
      const store = stack.ports.store.toolkit!;
      const item = (key: string): OutboxItem => ({
        matchId: m.matchId,
        key,
        kind: 'results',
        phase: 'night-1',
        deadline: null,
        url: `${r.base}/once`,
        body: JSON.stringify({ key }),
        state: 'pending',
        attempts: 0,
        nextAt: clock.t,
        revision: 0,
        lastStatus: null,
        lastError: null,
        createdAt: clock.t,
      });
      // One sender reads it, another sends it; the first then tries with what it read. The hand clock does
      // not move, so the sent delivery's nextAt is what the stale copy says it was.
      expect(await store.addOutbox(item('results#night-1#stale#0'))).toBe(true);
      const stale = (await store.getOutbox(m.matchId, 'results#night-1#stale#0'))!;
      expect(await deliver(stack.ports, stale)).toBe('sent');
      expect(await deliver(stack.ports, stale)).toBe('busy');
      expect(r.requests).toHaveLength(1);
      expect(await store.getOutbox(m.matchId, 'results#night-1#stale#0')).toMatchObject({ state: 'sent', attempts: 1 });

      // Many rounds of four senders holding the same copy at once: one sends, three are told it is busy.
      for (let round = 0; round < 20; round++) {
        const key = `results#night-1#race-${round}#0`;
        expect(await store.addOutbox(item(key))).toBe(true);
        const seen = (await store.getOutbox(m.matchId, key))!;
        const answers = await Promise.all([1, 2, 3, 4].map(() => deliver(stack.ports, seen)));
        expect(answers.sort(), `round ${round}`).toEqual(['busy', 'busy', 'busy', 'sent']);
        expect(
          r.requests.filter((x) => x.body.key === key),
          `round ${round}`,
        ).toHaveLength(1);
        expect(await store.getOutbox(m.matchId, key), `round ${round}`).toMatchObject({ state: 'sent', attempts: 1 });
      }
      await settle();
      expect(r.requests).toHaveLength(21);
    } finally {
      await r.close();
    }
  });

  it('HTTP 429 (too many requests) and 408 are passing refusals: the delivery is retried after its backoff and then sent', async () => {
    for (const passing of [429, 408]) {
      const answers: Answer[] = [passing, 200];
      const r = await receiver((_x, i) => answers[i] ?? 200);
      try {
        const m = await startSeven(api, {}, `hooks-${passing}`);
        await hooks(m.matchId, m.gm, [`${r.base}/busy`]);
        await api.post(`/api/matches/${m.matchId}/resolve`, { phase: 'night-1' }, m.gm);
        await r.waitFor(1);
        await settle();
        let [d] = await deliveries(m.matchId, m.gm);
        expect(d).toMatchObject({ state: 'pending', attempts: 1, lastStatus: passing, nextAt: clock.t + backoffMs(1) });
        clock.t += backoffMs(1);
        await sweep(stack.ports);
        await r.waitFor(2);
        [d] = await deliveries(m.matchId, m.gm);
        expect(d).toMatchObject({ state: 'sent', attempts: 2, lastStatus: 200 });
        expect(r.requests).toHaveLength(2);
        expect(r.requests[1]!.body).toEqual(r.requests[0]!.body);
      } finally {
        await r.close();
      }
    }
  });

  it('never blocks a resolution: a receiver that never answers, or refuses, changes nothing for the match', async () => {
    const hang = await receiver(() => 'hang');
    const refuse = await receiver(() => 404);
    try {
      const m = await startSeven(api, {}, 'hooks-hang');
      await hooks(m.matchId, m.gm, [`${hang.base}/hang`, `${refuse.base}/gone`]);
      const resolved = await api.post(`/api/matches/${m.matchId}/resolve`, { phase: 'night-1' }, m.gm);
      expect(resolved.status).toBe(200);
      // The answer did not wait for the receivers: the one that never answers still holds its delivery.
      await hang.waitFor(1, 30_000);
      expect(hang.requests).toHaveLength(1);
      expect(stack.deliveries.pending).toBeGreaterThanOrEqual(1);
      expect((await api.get(`/api/matches/${m.matchId}`)).body.phase).toBe('day-1');
      await refuse.waitFor(1);
      await settle(300);
      // A 404 is final: no retry would change it.
      const gone = (await deliveries(m.matchId, m.gm)).find((d: any) => d.key.endsWith('#1'));
      expect(gone).toMatchObject({ state: 'failed', attempts: 1, lastStatus: 404 });
    } finally {
      await hang.close();
      await refuse.close();
    }
  });

  it('validate URLs, belong to the GM, and never show in public', async () => {
    const m = await startSeven(api, {}, 'hooks-valid');
    const ok = 'https://discord.com/api/webhooks/123/secret-token';
    for (const urls of [
      ['ftp://example.org/x'],
      ['http://user:pw@127.0.0.1/x'],
      ['not a url'],
      [`https://x.org/${'a'.repeat(600)}`],
      Array(6).fill(ok),
    ]) {
      const r = await hooks(m.matchId, m.gm, urls);
      expect(r.status, JSON.stringify(urls).slice(0, 60)).toBe(400);
    }
    expect((await hooks(m.matchId, m.gm, [ok], 5000)).status).toBe(400);
    expect((await hooks(m.matchId, m.tokens.anna!, [ok])).status).toBe(403);
    expect((await hooks(m.matchId, '', [ok])).status).toBe(401);
    const set = await hooks(m.matchId, m.gm, [ok, 'https://api.telegram.org/botX/sendMessage?chat_id=42'], 30);
    expect(set.body).toEqual({ webhooks: ['discord', 'telegram'], remindBeforeMinutes: 30 });
    const mine = (await api.get(`/api/matches/${m.matchId}/webhooks`, m.gm)).body;
    expect(mine.urls.map((u: any) => u.url)).toContain(ok);
    expect(mine.urls[1]).toMatchObject({ format: 'telegram', chatId: '42' });
    expect((await api.get(`/api/matches/${m.matchId}/webhooks`, m.tokens.anna)).status).toBe(403);
    for (const path of [
      `/api/matches/${m.matchId}`,
      `/api/matches/${m.matchId}/spectate`,
      `/api/matches`,
      `/matches/${m.matchId}/index.json`,
      `/matches/index.json`,
    ]) {
      expect(JSON.stringify((await api.get(path)).body), path).not.toContain('secret-token');
    }
    expect(JSON.stringify((await api.get(`/api/matches/${m.matchId}/export`, m.gm)).body)).not.toContain('secret-token');
    expect(JSON.stringify((await api.get(`/api/matches/${m.matchId}/me`, m.tokens.anna)).body)).not.toContain('secret-token');
    expect((await hooks(m.matchId, m.gm, [])).body).toEqual({ webhooks: [], remindBeforeMinutes: 0 });
    expect((await api.get(`/api/matches/${m.matchId}/webhooks`, m.gm)).body.urls).toEqual([]);
  });
});
