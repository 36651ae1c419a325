// The webhook outbox's answers, one delivery at a time (functions/service/toolkit/outbox.ts): which answers
// end a delivery, which are retried and when, what a claimed delivery means to a sweep, and a target that
// cannot be reached. Real DynamoDB Local store, real HTTP sender, a receiver on 127.0.0.1.
import { beforeAll, describe, expect, it } from 'vitest';
import { backoffMs, deliver, deliverDue, MAX_ATTEMPTS } from '../../functions/service/toolkit/outbox.js';
import type { Telemetry } from '../../functions/ports.js';
import type { OutboxItem } from '../../functions/records.js';
import { startSeven, type SevenMatch } from '../integration/lupus-table.js';
import { handClock } from '../setup/clock.js';
import { useStack } from '../setup/stack.js';
import { receiver, settle, type Answer } from '../toolkit/helpers.js';

const clock = handClock();
const MINUTE = 60_000;
const { stack, api } = useStack({ clock, sweepEveryMs: 3_600_000 });

let m: SevenMatch;
let serial = 0;
beforeAll(async () => {
  m = await startSeven(api, {}, 'outbox-answers');
});

/** A new pending results delivery to `url`, stored as the hooks would store it, and read back. */
async function stored(url: string, change: Partial<OutboxItem> = {}): Promise<OutboxItem> {
  const store = stack.ports.store.toolkit!;
  const key = `results#night-1#outbox-${serial++}#0`;
  const item: OutboxItem = {
    matchId: m.matchId,
    key,
    kind: 'results',
    phase: 'night-1',
    deadline: null,
    url,
    body: JSON.stringify({ key }),
    state: 'pending',
    attempts: 0,
    nextAt: clock.t,
    revision: 0,
    lastStatus: null,
    lastError: null,
    createdAt: clock.t,
    ...change,
  };
  expect(await store.addOutbox(item)).toBe(true);
  return (await store.getOutbox(item.matchId, key))!;
}
const reread = async (item: OutboxItem) => (await stack.ports.store.toolkit!.getOutbox(item.matchId, item.key))!;

describe('webhook outbox', () => {
  it('a 2xx answer is sent; a 4xx other than 408 and 429 ends the delivery at once; 3xx, 5xx, 408 and 429 are retried after 10 s', async () => {
    const cases: [Answer, OutboxItem['state']][] = [
      [200, 'sent'],
      [204, 'sent'],
      [299, 'sent'],
      [300, 'pending'],
      [302, 'pending'],
      [400, 'failed'],
      [404, 'failed'],
      [499, 'failed'],
      [408, 'pending'],
      [429, 'pending'],
      [500, 'pending'],
      [503, 'pending'],
    ];
    for (const [status, state] of cases) {
      const r = await receiver(() => status);
      try {
        const item = await stored(`${r.base}/answer-${status}`);
        expect(await deliver(stack.ports, item), `HTTP ${status}`).toBe(state);
        expect(r.requests, `HTTP ${status}`).toHaveLength(1);
        const after = await reread(item);
        expect(after, `HTTP ${status}`).toMatchObject({
          state,
          attempts: 1,
          lastStatus: status,
          lastError: null,
          nextAt: state === 'pending' ? clock.t + backoffMs(1) : clock.t,
        });
        // A delivery that is over is never picked again; one that waits is picked when its backoff has passed.
        const due = await stack.ports.store.toolkit!.dueOutbox(clock.t + backoffMs(1), 100);
        expect(
          due.some((d) => d.key === item.key),
          `HTTP ${status}`,
        ).toBe(state === 'pending');
      } finally {
        await r.close();
      }
    }
  });

  it('backs off 10 s, 20 s, 40 s … and never waits more than 30 minutes between attempts', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect(backoffMs(8)).toBe(1_280_000);
    expect(backoffMs(9)).toBe(30 * MINUTE);
    expect(backoffMs(MAX_ATTEMPTS + 20)).toBe(30 * MINUTE);
  });

  it('a target that cannot be reached is retried, and its error is kept for the GM without the stack trace', async () => {
    const r = await receiver();
    const url = `${r.base}/closed`;
    await r.close();
    const item = await stored(url);
    expect(await deliver(stack.ports, item)).toBe('pending');
    const after = await reread(item);
    expect(after).toMatchObject({ state: 'pending', attempts: 1, lastStatus: null, nextAt: clock.t + backoffMs(1) });
    expect(after.lastError).toMatch(/^connect ECONNREFUSED 127\.0\.0\.1:\d+$/);
    // The GM reads the same in the list of deliveries.
    const listed = (await api.get(`/api/matches/${m.matchId}/webhooks`, m.gm)).body.deliveries.find((d: any) => d.key === item.key);
    expect(listed).toMatchObject({ state: 'pending', attempts: 1, lastStatus: null, lastError: after.lastError });
  });

  it('a long error (a host name that does not resolve) is kept to its first 200 characters', async () => {
    const host = `${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(50)}.invalid`;
    const item = await stored(`http://${host}/hook`);
    expect(await deliver(stack.ports, item)).toBe('pending');
    const { lastError } = await reread(item);
    expect(lastError).toHaveLength(200);
    expect(lastError).toMatch(/^getaddrinfo \w+ a{60}\.b{60}/);
  });

  it('a later success clears the last error', async () => {
    const answers: Answer[] = [503, 200];
    const r = await receiver((_x, i) => answers[i] ?? 200);
    try {
      const item = await stored(`${r.base}/flaky`);
      expect(await deliver(stack.ports, item)).toBe('pending');
      clock.t += backoffMs(1);
      expect(await deliver(stack.ports, await reread(item))).toBe('sent');
      expect(await reread(item)).toMatchObject({ state: 'sent', attempts: 2, lastStatus: 200, lastError: null, nextAt: clock.t });
    } finally {
      await r.close();
    }
  });

  it('a delivery that is over (sent, failed or dropped) is never sent again, even when handed back', async () => {
    const r = await receiver();
    try {
      for (const state of ['sent', 'failed', 'dropped'] as const) {
        const item = await stored(`${r.base}/${state}`, { state, attempts: 1 });
        expect(await deliver(stack.ports, item), state).toBe('busy');
        expect(await reread(item), state).toMatchObject({ state, attempts: 1, revision: item.revision });
      }
      await settle();
      expect(r.requests).toHaveLength(0);
    } finally {
      await r.close();
    }
  });

  it('a delivery being sent is claimed for a minute: a sweep meanwhile does not send it twice', async () => {
    const r = await receiver(() => 'hang');
    try {
      const item = await stored(`${r.base}/slow`);
      const sending = deliver(stack.ports, item);
      await r.waitFor(1);
      expect(await reread(item)).toMatchObject({ state: 'pending', nextAt: clock.t + MINUTE, revision: item.revision + 1 });
      clock.t += MINUTE - 1;
      expect(await deliverDue(stack.ports)).toBe(0);
      await settle();
      expect(r.requests).toHaveLength(1);
      await r.close();
      expect(await sending).toBe('pending');
    } finally {
      await r.close();
    }
  });

  it('without a sender configured, a delivery waits in the outbox: no attempt is counted, it is tried again after 10 s', async () => {
    const notifier = stack.ports.notifier;
    stack.ports.notifier = undefined;
    try {
      const item = await stored('http://127.0.0.1:9/nowhere');
      expect(await deliver(stack.ports, item)).toBe('pending');
      expect(await reread(item)).toMatchObject({ state: 'pending', attempts: 0, lastStatus: null, nextAt: clock.t + backoffMs(1) });
    } finally {
      stack.ports.notifier = notifier;
    }
  });

  it('a sweep sends every delivery that is due and counts the ones sent', async () => {
    const r = await receiver((x) => (x.path.endsWith('/refuse') ? 410 : 200));
    try {
      // Nothing else of this file is due an hour from now except what is stored here.
      clock.t += 60 * MINUTE;
      for (const item of await stack.ports.store.toolkit!.dueOutbox(clock.t, 100)) {
        await stack.ports.store.toolkit!.saveOutbox({ ...item, state: 'dropped', revision: item.revision + 1 });
      }
      const items = [await stored(`${r.base}/a`), await stored(`${r.base}/b`), await stored(`${r.base}/refuse`)];
      expect(await deliverDue(stack.ports)).toBe(2);
      expect(r.requests.map((x) => x.path).sort()).toEqual(['/a', '/b', '/refuse']);
      expect((await Promise.all(items.map(reread))).map((d) => d.state)).toEqual(['sent', 'sent', 'failed']);
      expect(await deliverDue(stack.ports)).toBe(0);
    } finally {
      await r.close();
    }
  });

  it('a reminder is checked again as it is sent: dropped once the match is paused, its deadline moved or the match ended', async () => {
    const r = await receiver();
    try {
      const reminder = async (n: SevenMatch) => {
        const meta = (await stack.ports.store.getMeta(n.matchId))!;
        return stored(`${r.base}/remind`, { matchId: n.matchId, kind: 'reminder', phase: meta.phase!, deadline: meta.deadline });
      };
      const base = (n: SevenMatch) => `/api/matches/${n.matchId}`;
      // Still the deadline it announces: sent.
      const due = await startSeven(api, {}, 'outbox-remind-due');
      expect(await deliver(stack.ports, await reminder(due))).toBe('sent');
      // Paused (the deadline field keeps its old value while the time left is frozen).
      const paused = await startSeven(api, {}, 'outbox-remind-paused');
      const beforePause = await reminder(paused);
      expect((await api.post(`${base(paused)}/pause`, {}, paused.gm)).status).toBe(200);
      // The deadline moved by the GM.
      const moved = await startSeven(api, {}, 'outbox-remind-moved');
      const beforeExtend = await reminder(moved);
      expect((await api.post(`${base(moved)}/extend`, { minutes: 30 }, moved.gm)).status).toBe(200);
      // The match ended by the GM.
      const ended = await startSeven(api, {}, 'outbox-remind-ended');
      const beforeEnd = await reminder(ended);
      expect((await api.post(`${base(ended)}/end`, { winner: 'draw' }, ended.gm)).status).toBe(200);
      await settle();
      const before = r.requests.length;
      for (const [what, item] of [
        ['paused', beforePause],
        ['moved', beforeExtend],
        ['ended', beforeEnd],
      ] as const) {
        expect(await deliver(stack.ports, item), what).toBe('dropped');
        expect(await reread(item), what).toMatchObject({ state: 'dropped', attempts: 0, nextAt: clock.t });
      }
      await settle();
      expect(r.requests.filter((x) => x.path === '/remind')).toHaveLength(1);
      expect(r.requests.length).toBe(before);
    } finally {
      await r.close();
    }
  });

  it('a failed attempt is logged with the target host only, never its path (it may hold a token)', async () => {
    const lines: { level: string; message: string; fields?: Record<string, unknown> }[] = [];
    const recording: Telemetry = { log: (level, message, fields) => void lines.push({ level, message, fields }), metric() {} };
    const telemetry = stack.ports.telemetry;
    stack.ports.telemetry = recording;
    const r = await receiver(() => 500);
    try {
      const item = await stored(`${r.base}/bot123:secret/hook`);
      expect(await deliver(stack.ports, item)).toBe('pending');
      const line = lines.find((l) => l.message === 'webhook attempt failed');
      expect(line).toMatchObject({
        level: 'warn',
        fields: {
          matchId: m.matchId,
          key: item.key,
          kind: 'results',
          host: new URL(r.base).host,
          status: 500,
          attempts: 1,
          state: 'pending',
        },
      });
      expect(JSON.stringify(lines)).not.toContain('secret');
    } finally {
      stack.ports.telemetry = telemetry;
      await r.close();
    }
  });
});
