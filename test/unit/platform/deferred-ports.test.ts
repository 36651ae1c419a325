// Issue 17 (cold init): the scheduler, the publisher, the page push and Web Push are built on their first
// call (functions/adapters/deferred.ts). A port built that way must behave as the adapter itself: every
// call reaches it with its arguments and its answer, the adapter is built once however many calls race
// for it, members that answer at once are there before any call, and a load that fails is tried again.
import { describe, expect, it } from 'vitest';
import { deferred } from '../../../functions/adapters/deferred.js';
import type { PushSender, Scheduler } from '../../../functions/ports.js';

/** A scheduler that notes what it was asked, and how many times it was built. */
function recordingScheduler() {
  const calls: string[] = [];
  let builds = 0;
  const load = async (): Promise<Scheduler> => {
    builds += 1;
    await new Promise((resolve) => setTimeout(resolve, 5));
    return {
      schedule: async (matchId, phase, at) => void calls.push(`schedule ${matchId} ${phase} ${at}`),
      cancel: async (matchId, phase) => void calls.push(`cancel ${matchId} ${phase}`),
    };
  };
  return { calls, load, builds: () => builds };
}

describe('a deferred port', () => {
  it('builds nothing until its first call, then passes every call through', async () => {
    const recorder = recordingScheduler();
    const scheduler = deferred<Scheduler>(recorder.load, { schedule: true, cancel: true }, {});
    expect(recorder.builds()).toBe(0);
    await scheduler.schedule('m1', 'night-1', 1_000);
    await scheduler.cancel('m1', 'night-1');
    expect(recorder.calls).toEqual(['schedule m1 night-1 1000', 'cancel m1 night-1']);
    expect(recorder.builds()).toBe(1);
  });

  it('builds the adapter once when many calls arrive together', async () => {
    const recorder = recordingScheduler();
    const scheduler = deferred<Scheduler>(recorder.load, { schedule: true, cancel: true }, {});
    await Promise.all(Array.from({ length: 20 }, (_, i) => scheduler.schedule('m1', `day-${i}`, i)));
    expect(recorder.builds()).toBe(1);
    expect(recorder.calls).toHaveLength(20);
  });

  it('answers with what the adapter answers, and keeps the adapter as `this`', async () => {
    class Sender implements PushSender {
      readonly publicKey = 'BKey';
      private readonly status = 201;
      async send() {
        return { status: this.status };
      }
    }
    const push = deferred<PushSender>(async () => new Sender(), { send: true }, { publicKey: 'BKey' });
    // A page subscribes with the key before anything is sent: it is there at once.
    expect(push.publicKey).toBe('BKey');
    await expect(
      push.send(
        { matchId: 'm', playerId: 'p1', endpoint: 'https://push.example', keys: { p256dh: 'a', auth: 'b' }, createdAt: 0 } as never,
        '{}',
        60,
      ),
    ).resolves.toEqual({ status: 201 });
  });

  it('tries the load again after it failed, instead of failing for the life of the process', async () => {
    let attempts = 0;
    const scheduler = deferred<Scheduler>(
      async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('chunk not readable');
        return { schedule: async () => undefined, cancel: async () => undefined };
      },
      { schedule: true, cancel: true },
      {},
    );
    await expect(scheduler.schedule('m1', 'night-1', 0)).rejects.toThrow('chunk not readable');
    await expect(scheduler.schedule('m1', 'night-1', 0)).resolves.toBeUndefined();
    expect(attempts).toBe(2);
  });

  it('carries an error of the adapter itself to the caller', async () => {
    const scheduler = deferred<Scheduler>(
      async () => ({ schedule: async () => Promise.reject(new Error('throttled')), cancel: async () => undefined }),
      { schedule: true, cancel: true },
      {},
    );
    await expect(scheduler.schedule('m1', 'night-1', 0)).rejects.toThrow('throttled');
    await expect(scheduler.cancel('m1', 'night-1')).resolves.toBeUndefined();
  });
});
