// Issue 46: one retry helper with named policies (functions/retry.ts). Every wait goes through the Clock
// port here: the test's clock moves on at once and records the waits, so nothing waits on the real clock.
import { describe, expect, it, vi } from 'vitest';
import type { Clock, Ports, PushSender, PushStore } from '../../../functions/ports.js';
import type { PushSubscriptionRecord } from '../../../functions/records.js';
import { RETRY, retry, sleepOf } from '../../../functions/retry.js';
import { deliverOnce } from '../../../functions/service/push/notices.js';
import { backoffMs, MAX_ATTEMPTS } from '../../../functions/service/toolkit/outbox.js';

/** A clock that waits by moving its own time on, and says how long each wait was. */
function testClock(): Clock & { waits: number[] } {
  let now = 1_000_000;
  const waits: number[] = [];
  const sleep = async (ms: number) => {
    waits.push(ms);
    now += ms;
  };
  return { waits, now: () => now, sleep };
}
const waitsOf = (clock: { waits: number[] }) => clock.waits;

describe('retry (issue 46)', () => {
  it('issue 46: tries again while the outcome asks for it, waiting the policy’s waits on the Clock port', async () => {
    const clock = testClock();
    let tries = 0;
    const value = await retry({ tries: 5, wait: (n) => n * 100 }, async () => ++tries, {
      again: (o) => o.ok && o.value < 3,
      sleep: sleepOf(clock),
    });
    expect(value).toBe(3);
    expect(waitsOf(clock)).toEqual([100, 200]);
  });

  it('issue 46: the last outcome stands when the tries are spent (a value returned, an error thrown)', async () => {
    const clock = testClock();
    const failing = vi.fn(async () => {
      throw new Error('conflict');
    });
    await expect(retry(RETRY.storeConflict, failing, { again: () => true, sleep: sleepOf(clock), random: () => 0 })).rejects.toThrow(
      'conflict',
    );
    expect(failing).toHaveBeenCalledTimes(RETRY.storeConflict.tries);
    expect(waitsOf(clock)).toEqual([20, 40, 80, 160, 320]);
    const refused = await retry(RETRY.pushNotice, async () => 'transient', { again: () => true, sleep: sleepOf(clock) });
    expect(refused).toBe('transient');
  });

  it('issue 46: an outcome not to retry ends it at once, without a wait', async () => {
    const clock = testClock();
    await expect(
      retry(RETRY.logPosition, async () => Promise.reject(new Error('refused')), { again: () => false, sleep: sleepOf(clock) }),
    ).rejects.toThrow('refused');
    expect(clock.waits).toEqual([]);
  });

  it('issue 46: a policy without waits tries again at once (META races), and the last outcome stands', async () => {
    const clock = testClock();
    let tries = 0;
    const last = await retry(
      RETRY.metaRace,
      async () => {
        tries++;
        return null;
      },
      { again: (o) => o.ok && o.value === null, sleep: sleepOf(clock) },
    );
    expect(last).toBeNull();
    expect(tries).toBe(RETRY.metaRace.tries);
    expect(clock.waits).toEqual([]);
  });

  it('issue 46: the policies keep their schedules: webhooks 10 s doubling to 30 min over six tries, log races jittered', () => {
    expect([1, 2, 3, 4, 8, 9].map((n) => backoffMs(n))).toEqual([10_000, 20_000, 40_000, 80_000, 1_280_000, 1_800_000]);
    expect(MAX_ATTEMPTS).toBe(6);
    expect(RETRY.logPosition.tries).toBe(61);
    expect(RETRY.logPosition.wait(1, 0)).toBe(5);
    expect(RETRY.logPosition.wait(9, 0.999)).toBeLessThan(5 + 15 * 6);
  });

  it('issue 46: a Web Push notice refused for now is tried again after 1 s and 4 s on the Clock port, then kept', async () => {
    const clock = testClock();
    const statuses = [503, 429, 201];
    const send = vi.fn<PushSender['send']>(async () => ({ status: statuses.shift() ?? 503 }));
    const store = { claimNotice: async () => true, deleteSubscription: vi.fn(async () => {}) } as unknown as PushStore;
    const ports = { clock, push: { publicKey: 'k', send } } as unknown as Ports;
    const subscription: PushSubscriptionRecord = {
      matchId: 'm1',
      playerId: 'p1',
      endpoint: 'https://push.example/1',
      keys: { p256dh: 'a', auth: 'b' },
      lang: 'en',
      tokenHash: 'h',
      createdAt: 0,
    };
    const payload = { kind: 'results', match: { id: 'm1', name: 'M' }, phase: 'day-1' } as const;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await deliverOnce(ports, store, subscription, 'k1', payload)).toBe('sent');
    expect(waitsOf(clock)).toEqual([1_000, 4_000]);
    statuses.push(500, 500, 500);
    expect(await deliverOnce(ports, store, subscription, 'k2', payload)).toBe('kept');
    expect(send).toHaveBeenCalledTimes(6);
    statuses.push(400);
    expect(await deliverOnce(ports, store, subscription, 'k3', payload)).toBe('kept');
    expect(send).toHaveBeenCalledTimes(7);
    expect(store.deleteSubscription).not.toHaveBeenCalled();
  });
});
