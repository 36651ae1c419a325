// Extending a paused match's phase adds to the time that was left (ARCHITECTURE.md: pause, resume, extend).
import { describe, expect, it } from 'vitest';
import { handClock } from '../setup/clock.js';
import { useStack } from '../setup/stack.js';
import { startSeven } from './lupus-table.js';

/** A clock the test moves by hand, so every deadline below is exact. */
const clock = handClock();
const MINUTE = 60_000;

const { api } = useStack({ clock, sweepEveryMs: 3_600_000 });

describe('extend while paused', () => {
  it('LUP-5.2 ARCHITECTURE extend on a paused match adds its minutes to the time left; resume opens the deadline that much later', async () => {
    const m = await startSeven(api, {}, 'extend-paused');
    const base = `/api/matches/${m.matchId}`;
    const deadline = (await api.get(base)).body.deadline as number;
    expect(typeof deadline).toBe('number');
    clock.t += 10 * MINUTE;
    const left = deadline - clock.t;
    const paused = await api.post(`${base}/pause`, {}, m.gm);
    expect(paused.body).toMatchObject({ status: 'paused', remainingMs: left });
    const extended = await api.post(`${base}/extend`, { minutes: 30 }, m.gm);
    expect(extended.status, JSON.stringify(extended.body)).toBe(200);
    expect(extended.body.remainingMs).toBe(left + 30 * MINUTE);
    // Twice adds twice.
    expect((await api.post(`${base}/extend`, { minutes: 15 }, m.gm)).body.remainingMs).toBe(left + 45 * MINUTE);
    clock.t += 60 * MINUTE; // paused time does not count
    const resumed = await api.post(`${base}/resume`, {}, m.gm);
    expect(resumed.body).toMatchObject({ status: 'running', deadline: clock.t + left + 45 * MINUTE });
    expect((await api.get(base)).body.deadline).toBe(clock.t + left + 45 * MINUTE);
  });

  it('LUP-5.2 extend on a running match moves its deadline by the minutes given', async () => {
    const m = await startSeven(api, {}, 'extend-running');
    const base = `/api/matches/${m.matchId}`;
    const deadline = (await api.get(base)).body.deadline as number;
    const extended = await api.post(`${base}/extend`, { minutes: 20 }, m.gm);
    expect(extended.body.deadline).toBe(deadline + 20 * MINUTE);
    expect((await api.get(base)).body.deadline).toBe(deadline + 20 * MINUTE);
  });
});
