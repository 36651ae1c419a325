// One round trip per warm submission (issue 17, target 1), against DynamoDB Local: a process that
// served the player before validates on what it kept and sends one transaction. Two local stacks on
// one table are two API processes; what one of them changes makes the other's kept reads stale,
// and a stale process must answer exactly as a fresh one would (decision 6: the phase guard).
import { describe, expect, it } from 'vitest';
import { effectsSettled } from '../setup/stack.js';
import { startSeven, type SevenMatch } from './lupus-table.js';
import { act, pending, twoProcesses, type Via } from './two-processes.js';

const processes = twoProcesses();
const { viaA, viaB } = processes;

/** The DynamoDB commands stack A's store sends about one match while `run` runs. */
async function commandsOf(matchId: string, run: () => Promise<unknown>): Promise<Record<string, number>> {
  // What the stream's consumer does for earlier commits (publishing the start, decision 11) is not the request's.
  await effectsSettled(processes.a);
  await effectsSettled(processes.b);
  const storeClient = (processes.a.ports.store as unknown as { options: { client: { middlewareStack: any } } }).options.client;
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

const withdraw = (via: Via, m: SevenMatch, who: string, slot: string) =>
  via.del(`/api/matches/${m.matchId}/me/actions/${slot}`, m.tokens[who]);
const pendingOf = (m: SevenMatch) => pending(viaA, m);

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
    expect(await pendingOf(m)).toEqual([{ owner: 'anna', slot: first.body.slot, type: 'investigate', target: 'elena' }]);

    let gone: Awaited<ReturnType<typeof withdraw>> | undefined;
    const sentToWithdraw = await commandsOf(m.matchId, async () => {
      gone = await withdraw(viaA, m, 'anna', first.body.slot);
    });
    expect(gone!.status, JSON.stringify(gone!.body)).toBe(200);
    expect(sentToWithdraw).toEqual({ TransactWriteItemsCommand: 1 });
    expect(await pendingOf(m)).toEqual([]);
  });

  it('LUP-2.1 a refusal is never answered from kept reads: a warm refusal reads afresh and answers as a fresh one would', async () => {
    const m = await startSeven(viaA, {}, 'warm-refusal');
    expect((await act(viaA, m, 'anna', { type: 'investigate', target: 'bruno' })).status).toBe(201);
    // A's kept reads say "anna holds an investigation"; B's withdrawal makes them stale.
    const slot = (await pendingOf(m))[0]!.slot;
    expect((await withdraw(viaB, m, 'anna', slot)).status).toBe(200);
    refused(await withdraw(viaA, m, 'anna', slot), 404, 'nothing-to-withdraw');
    // And the other way round: B stores it, A (kept: nothing) replaces it, and there is one.
    expect((await act(viaB, m, 'anna', { type: 'investigate', target: 'carla' })).status).toBe(201);
    expect((await act(viaA, m, 'anna', { type: 'investigate', target: 'dario' })).status).toBe(201);
    expect(await pendingOf(m)).toEqual([{ owner: 'anna', slot, type: 'investigate', target: 'dario' }]);
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
    const mauls = (await pendingOf(m)).filter((p) => p.type === 'maul');
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
    expect(await pendingOf(m)).toEqual([{ owner: 'anna', slot: expect.any(String), type: 'investigate', target: 'carla' }]);
  });

  it('LUP-6.1 a removal through another process moves META: a warm submission on the old state is refused as the new state says', async () => {
    const m = await startSeven(viaA, {}, 'removed-elsewhere');
    expect((await act(viaA, m, 'anna', { type: 'investigate', target: 'bruno' })).status).toBe(201);
    // Carla is alive in A's kept state; B's modkill changes the state (and only META's version says so).
    expect((await viaB.del(`/api/matches/${m.matchId}/players/carla`, m.gm)).status).toBe(200);
    refused(await act(viaA, m, 'anna', { type: 'investigate', target: 'carla' }), 409, 'target-dead');
    expect(await pendingOf(m)).toEqual([{ owner: 'anna', slot: expect.any(String), type: 'investigate', target: 'bruno' }]);
  });
});
