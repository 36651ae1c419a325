// One round trip per warm submission (issue 17, target 1), against DynamoDB Local: a process that
// served the player before validates on what it kept and sends one transaction. Two local stacks on
// one table are two API processes; what one of them changes makes the other's kept reads stale,
// and a stale process must answer exactly as a fresh one would (decision 6: the phase guard).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../functions/local/stack.js';
import { client, effectsSettled, testStack } from '../setup/stack.js';
import { SEVEN, startSeven, type SevenMatch } from './lupus-table.js';

let a: LocalStack;
let b: LocalStack;
let viaA: ReturnType<typeof client>;
let viaB: ReturnType<typeof client>;

beforeAll(async () => {
  // No sweeps: on a busy machine a sweep's late, conditional write of META (finishing a start the start
  // itself finished) could land in a measured window. Every phase here is closed by the GM.
  a = await testStack({ sweepEveryMs: 3_600_000 });
  b = await testStack({ tableName: (a.ports.store as unknown as { table: string }).table, sweepEveryMs: 3_600_000 });
  viaA = client(a.url);
  viaB = client(b.url);
});
afterAll(async () => {
  await a?.stop();
  await b?.stop();
});

/** The DynamoDB commands stack A's store sends about one match while `run` runs. */
async function commandsOf(matchId: string, run: () => Promise<unknown>): Promise<Record<string, number>> {
  // What the stream's consumer does for earlier commits (publishing the start, decision 11) is not the request's.
  await effectsSettled(a);
  await effectsSettled(b);
  const storeClient = (a.ports.store as unknown as { options: { client: { middlewareStack: any } } }).options.client;
  const calls: Record<string, number> = {};
  const name = `count-${Math.random()}`;
  storeClient.middlewareStack.add(
    (next: any, context: any) => async (args: any) => {
      if (JSON.stringify(args.input).includes(`MATCH#${matchId}`)) calls[context.commandName] = (calls[context.commandName] ?? 0) + 1;
      return next(args);
    },
    { step: 'initialize', name },
  );
  try {
    await run();
  } finally {
    storeClient.middlewareStack.remove(name);
  }
  return calls;
}

const act = (via: ReturnType<typeof client>, m: SevenMatch, who: string, body: object, token = m.tokens[who]) =>
  via.post(`/api/matches/${m.matchId}/me/actions`, body, token);
const withdraw = (via: ReturnType<typeof client>, m: SevenMatch, who: string, slot: string) =>
  via.del(`/api/matches/${m.matchId}/me/actions/${slot}`, m.tokens[who]);

/** What the close will read: each stored action by its owner and slot (the GM's view). */
async function pending(m: SevenMatch): Promise<Array<{ owner: string; slot: string; type: string; target: unknown }>> {
  const gm = await viaA.get(`/api/matches/${m.matchId}/gm`, m.gm);
  expect(gm.status).toBe(200);
  return gm.body.pending.map((p: any) => ({ owner: p.owner, slot: p.slot, type: p.action.type, target: p.action.target }));
}

const refused = (answer: { status: number; body: any }, status: number, code: string) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.error.code).toBe(code);
};

describe('one round trip per warm submission', () => {
  it('issue 17 a warm submission and a warm withdrawal each send one TransactWriteItems and read nothing', async () => {
    const m = await startSeven(viaA, {}, 'one-trip');
    const first = await act(viaA, m, 'anna', { type: 'investigate', target: 'bruno' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    let second: Awaited<ReturnType<typeof act>> | undefined;
    const sent = await commandsOf(m.matchId, async () => {
      second = await act(viaA, m, 'anna', { type: 'investigate', target: 'elena' });
    });
    expect(second!.status, JSON.stringify(second!.body)).toBe(201);
    expect(sent).toEqual({ TransactWriteItemsCommand: 1 });
    expect(await pending(m)).toEqual([{ owner: 'anna', slot: first.body.slot, type: 'investigate', target: 'elena' }]);

    let gone: Awaited<ReturnType<typeof withdraw>> | undefined;
    const sentToWithdraw = await commandsOf(m.matchId, async () => {
      gone = await withdraw(viaA, m, 'anna', first.body.slot);
    });
    expect(gone!.status, JSON.stringify(gone!.body)).toBe(200);
    expect(sentToWithdraw).toEqual({ TransactWriteItemsCommand: 1 });
    expect(await pending(m)).toEqual([]);
  });

  it('LUP-2.1 a refusal is never answered from kept reads: a warm refusal reads afresh and answers as a fresh one would', async () => {
    const m = await startSeven(viaA, {}, 'warm-refusal');
    expect((await act(viaA, m, 'anna', { type: 'investigate', target: 'bruno' })).status).toBe(201);
    // A's kept reads say "anna holds an investigation"; B's withdrawal makes them stale.
    const slot = (await pending(m))[0]!.slot;
    expect((await withdraw(viaB, m, 'anna', slot)).status).toBe(200);
    refused(await withdraw(viaA, m, 'anna', slot), 404, 'nothing-to-withdraw');
    // And the other way round: B stores it, A (kept: nothing) replaces it, and there is one.
    expect((await act(viaB, m, 'anna', { type: 'investigate', target: 'carla' })).status).toBe(201);
    expect((await act(viaA, m, 'anna', { type: 'investigate', target: 'dario' })).status).toBe(201);
    expect(await pending(m)).toEqual([{ owner: 'anna', slot, type: 'investigate', target: 'dario' }]);
  });

  it("LUP-6.1 the pack's maul written by a packmate through another process is replaced, never doubled", async () => {
    const m = await startSeven(viaA, {}, 'pack-two-processes');
    // The pack mauls from night 2 (LUP-6.1: `not-yet` before); nobody votes, so nobody dies.
    for (const phase of ['night-1', 'day-1'])
      expect((await viaA.post(`/api/matches/${m.matchId}/resolve`, { phase }, m.gm)).status).toBe(200);
    expect((await act(viaA, m, 'bruno', { type: 'maul', target: 'carla' })).status).toBe(201);
    expect((await act(viaB, m, 'elena', { type: 'maul', target: 'gina' })).status).toBe(201);
    // A still keeps the pack's slots as bruno left them: its write fails on the slots' version, reads them again.
    expect((await act(viaA, m, 'bruno', { type: 'maul', target: 'dario' })).status).toBe(201);
    const mauls = (await pending(m)).filter((p) => p.type === 'maul');
    expect(mauls).toHaveLength(1);
    expect(mauls[0]!.target).toBe('dario');
  });

  it('decision 6 a pause, a substitution and a check made through another process refuse a warm submission', async () => {
    const m = await startSeven(viaA, { 'check-mode': true }, 'stale-process');
    expect((await act(viaA, m, 'anna', { type: 'investigate', target: 'bruno' })).status).toBe(201);

    expect((await viaB.post(`/api/matches/${m.matchId}/pause`, {}, m.gm)).status).toBe(200);
    refused(await act(viaA, m, 'anna', { type: 'investigate', target: 'elena' }), 409, 'match-paused');
    expect((await viaB.post(`/api/matches/${m.matchId}/resume`, {}, m.gm)).status).toBe(200);
    expect((await act(viaA, m, 'anna', { type: 'investigate', target: 'elena' })).status).toBe(201);

    const sub = await viaB.post(`/api/matches/${m.matchId}/players/anna/substitute`, { name: 'Annalisa' }, m.gm);
    expect(sub.status, JSON.stringify(sub.body)).toBe(200);
    refused(await act(viaA, m, 'anna', { type: 'investigate', target: 'carla' }), 401, 'seat-replaced');
    const heir = { ...m, tokens: { ...m.tokens, anna: sub.body.token } };
    expect((await act(viaA, heir, 'anna', { type: 'investigate', target: 'carla' })).status).toBe(201);

    expect((await viaB.post(`/api/matches/${m.matchId}/me/check`, {}, heir.tokens.anna)).status).toBe(200);
    refused(await act(viaA, heir, 'anna', { type: 'investigate', target: 'fabio' }), 409, 'already-checked');
    expect(await pending(m)).toEqual([{ owner: 'anna', slot: expect.any(String), type: 'investigate', target: 'carla' }]);
  });

  it('LUP-6.1 a removal through another process moves META: a warm submission on the old state is refused as the new state says', async () => {
    const m = await startSeven(viaA, {}, 'removed-elsewhere');
    expect((await act(viaA, m, 'anna', { type: 'investigate', target: 'bruno' })).status).toBe(201);
    // Carla is alive in A's kept state; B's modkill changes the state (and only META's version says so).
    expect((await viaB.del(`/api/matches/${m.matchId}/players/carla`, m.gm)).status).toBe(200);
    refused(await act(viaA, m, 'anna', { type: 'investigate', target: 'carla' }), 409, 'target-dead');
    expect(await pending(m)).toEqual([{ owner: 'anna', slot: expect.any(String), type: 'investigate', target: 'bruno' }]);
  });

  it('issue 47 (ballotBurst) a vote sent beside fifty parallel re-votes of another player commits on its first transaction', async () => {
    const m = await startSeven(viaA, {}, 'burst-beside');
    expect((await viaA.post(`/api/matches/${m.matchId}/resolve`, { phase: 'night-1' }, m.gm)).status).toBe(200);
    expect((await act(viaA, m, 'dario', { type: 'vote', target: 'bruno' })).status).toBe(201);
    // Each write of the match's log took the next position from the CURSOR item; losing it to the burst's
    // back-to-back re-votes sent the vote round again and again (55× an idle vote in the bench).
    const storeClient = (a.ports.store as unknown as { options: { client: { middlewareStack: any } } }).options.client;
    let darioTransactions = 0;
    const name = `dario-${Math.random()}`;
    storeClient.middlewareStack.add(
      (next: any, context: any) => async (args: any) => {
        if (context.commandName === 'TransactWriteItemsCommand' && JSON.stringify(args.input).includes('PLAYER#dario')) darioTransactions++;
        return next(args);
      },
      { step: 'initialize', name },
    );
    const rounds = 3;
    try {
      for (let round = 0; round < rounds; round++) {
        const burst = Array.from({ length: 50 }, (_, k) =>
          act(viaA, m, 'anna', { type: 'vote', target: (k + round) % 2 === 0 ? 'bruno' : 'elena' }),
        );
        const mine = act(viaA, m, 'dario', { type: 'vote', target: round % 2 === 0 ? 'elena' : 'bruno' });
        const answers = await Promise.all([mine, ...burst]);
        for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      }
    } finally {
      storeClient.middlewareStack.remove(name);
    }
    expect(darioTransactions, "each of dario's votes waits its turn behind the re-vote in flight, it does not race the burst").toBe(rounds);
    const votes = (await pending(m)).filter((p) => p.type === 'vote');
    expect(votes.find((v) => v.owner === 'dario')?.target).toBe('elena');
  }, 240_000);

  it('decision 8 parallel re-votes through both processes: every answer is 201 and each voter holds one of his own ballots', async () => {
    const m = await startSeven(viaA, {}, 'two-process-votes');
    expect((await viaA.post(`/api/matches/${m.matchId}/resolve`, { phase: 'night-1' }, m.gm)).status).toBe(200);
    const ids = SEVEN.map((p) => p.id);
    for (let round = 0; round < 3; round++) {
      const sent = new Map<string, Set<string>>(ids.map((id) => [id, new Set()]));
      const answers = await Promise.all(
        ids.flatMap((voter) =>
          Array.from({ length: 4 }, (_, i) => {
            const target = ids[(ids.indexOf(voter) + 1 + ((i + round) % (ids.length - 1))) % ids.length]!;
            sent.get(voter)!.add(target);
            return act(i % 2 === 0 ? viaA : viaB, m, voter, { type: 'vote', target });
          }),
        ),
      );
      for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      const votes = (await pending(m)).filter((p) => p.type === 'vote');
      expect(votes.map((v) => v.owner).sort(), `round ${round}: one ballot per voter`).toEqual([...ids].sort());
      for (const v of votes) expect(sent.get(v.owner)!.has(v.target as string), `round ${round}: ${v.owner}'s ballot is his`).toBe(true);
      const count = await viaB.get(`/api/matches/${m.matchId}/votes`);
      const counted = Object.fromEntries(count.body.lines.flatMap((l: any) => l.voters.map((v: string) => [v, l.target])));
      expect(counted, `round ${round}: GET /votes through the other process`).toEqual(
        Object.fromEntries(votes.map((v) => [v.owner, v.target])),
      );
    }
  }, 240_000);
});
