// The GM's forced end and rollback against a resolution in progress (decision 7: one resolution at a time,
// held by its lease): while a resolver holds the phase, both are refused `phase-resolving` and change
// nothing; a lease that ran out (the resolver crashed) no longer holds anyone back. The holding resolver is
// staged by writing its claim into META on the real store (DynamoDB Local through the AWS adapter); the
// stack's clock is moved by hand so "now" meets the lease exactly.
import { describe, expect, it } from 'vitest';
import type { MatchMeta } from '../../functions/records.js';
import { startSeven, type SevenMatch } from '../integration/lupus-table.js';
import { handClock } from '../setup/clock.js';
import { useStack } from '../setup/stack.js';

const clock = handClock();
const { stack, api } = useStack({ clock, sweepEveryMs: 3_600_000 });

const meta = async (matchId: string) => (await stack.ports.store.getMeta(matchId))!;

/** A resolver's claim on the open phase, written as the resolver writes it, its lease ending at `leaseUntil`. */
async function held(matchId: string, leaseUntil: number | null): Promise<MatchMeta> {
  const before = await meta(matchId);
  const claimed: MatchMeta = { ...before, phaseStatus: 'resolving', leaseUntil, claimId: 'another-resolver', version: before.version + 1 };
  await stack.ports.store.putMeta(claimed, before.version);
  return claimed;
}

/** A Lupus table whose night-1 has been resolved (so a rollback has something to undo), day-1 open. */
async function afterNight(seed: string): Promise<SevenMatch> {
  const m = await startSeven(api, {}, seed);
  expect((await api.post(`/api/matches/${m.matchId}/resolve`, { phase: 'night-1' }, m.gm)).status).toBe(200);
  return m;
}

const end = (m: SevenMatch) => api.post(`/api/matches/${m.matchId}/end`, { winner: 'draw' }, m.gm);
const rollback = (m: SevenMatch) => api.post(`/api/matches/${m.matchId}/rollback`, { phase: 'night-1' }, m.gm);
const resolving = { error: { code: 'phase-resolving', message: 'A phase is being resolved; try again in a moment.' } };

describe('the toolkit against a resolution in progress (decision 7)', () => {
  it('refuses a forced end and a rollback while the lease holds, to its last millisecond, and changes nothing', async () => {
    const m = await afterNight('lease-held');
    const claimed = await held(m.matchId, clock.t + 1);
    for (const answer of [await end(m), await rollback(m)]) {
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject(resolving);
    }
    expect(await meta(m.matchId)).toEqual(claimed);
  });

  it('a forced end goes ahead once the lease has run out: at its very end, and when none was written', async () => {
    for (const [seed, lease] of [
      ['lease-out-end', 0],
      ['lease-none-end', null],
    ] as const) {
      const m = await afterNight(seed);
      await held(m.matchId, lease === null ? null : clock.t + lease);
      const answer = await end(m);
      expect(answer.status, seed).toBe(200);
      expect(answer.body).toMatchObject({ status: 'ended', winner: 'draw', phase: 'day-1' });
      expect(await meta(m.matchId)).toMatchObject({ status: 'ended', phase: null, phaseStatus: 'open', leaseUntil: null });
    }
  });

  it('a rollback goes ahead once the lease has run out: night-1 is open again', async () => {
    const m = await afterNight('lease-out-rollback');
    await held(m.matchId, clock.t);
    const answer = await rollback(m);
    expect(answer.status).toBe(200);
    expect(await meta(m.matchId)).toMatchObject({ status: 'running', phase: 'night-1', phaseStatus: 'open' });
  });
});
