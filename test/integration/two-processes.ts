// Two API processes on one table (two local stacks), as two Lambda instances are: what one changes makes the
// other's kept reads stale. For test/integration/one-trip.test.ts and test/contention/re-votes.test.ts.
import { afterAll, beforeAll, expect } from 'vitest';
import type { LocalStack } from '../../functions/local/stack.js';
import { client, testStack } from '../setup/stack.js';
import type { SevenMatch } from './lupus-table.js';

export type Via = ReturnType<typeof client>;

/** Stacks A and B, started before the file's tests and stopped after them (read `a`/`b` inside tests). */
export function twoProcesses(): { readonly a: LocalStack; readonly b: LocalStack; viaA: Via; viaB: Via } {
  let a: LocalStack | undefined;
  let b: LocalStack | undefined;
  beforeAll(async () => {
    // No sweeps: on a busy machine a sweep's late, conditional write of META (finishing a start the start
    // itself finished) could land in a measured window. Every phase here is closed by the GM.
    a = await testStack({ sweepEveryMs: 3_600_000 });
    b = await testStack({ tableName: (a.ports.store as unknown as { table: string }).table, sweepEveryMs: 3_600_000 });
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
  });
  return {
    get a() {
      return a!;
    },
    get b() {
      return b!;
    },
    viaA: client(() => a!.url),
    viaB: client(() => b!.url),
  };
}

export const act = (via: Via, m: SevenMatch, who: string, body: object, token = m.tokens[who]) =>
  via.post(`/api/matches/${m.matchId}/me/actions`, body, token);

/** What the close will read: each stored action by its owner and slot (the GM's view). */
export async function pending(via: Via, m: SevenMatch): Promise<Array<{ owner: string; slot: string; type: string; target: unknown }>> {
  const gm = await via.get(`/api/matches/${m.matchId}/gm`, m.gm);
  expect(gm.status).toBe(200);
  return gm.body.pending.map((p: any) => ({ owner: p.owner, slot: p.slot, type: p.action.type, target: p.action.target }));
}
