// Parallel re-votes of one match's ballots (decision 8, issue 47's ballotBurst): a vote beside a burst of
// another player's re-votes commits on its first transaction, and re-votes through two processes each end
// with one ballot per voter. Loops of parallel requests: the stress project runs them (vitest.config.ts).
import { describe, expect, it } from 'vitest';
import { SEVEN, startSeven } from '../integration/lupus-table.js';
import { act, pending, twoProcesses } from '../integration/two-processes.js';

const processes = twoProcesses();
const { viaA, viaB } = processes;

describe('parallel re-votes', () => {
  it('issue 47 (ballotBurst) a vote sent beside fifty parallel re-votes of another player commits on its first transaction', async () => {
    const m = await startSeven(viaA, {}, 'burst-beside');
    expect((await viaA.post(`/api/matches/${m.matchId}/resolve`, { phase: 'night-1' }, m.gm)).status).toBe(200);
    expect((await act(viaA, m, 'dario', { type: 'vote', target: 'bruno' })).status).toBe(201);
    // Each write of the match's log took the next position from the CURSOR item; losing it to the burst's
    // back-to-back re-votes sent the vote round again and again (55× an idle vote in the bench).
    const storeClient = (processes.a.ports.store as unknown as { options: { client: { middlewareStack: any } } }).options.client;
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
    expect(darioTransactions, "each of dario's votes is sent behind the re-vote in flight, it does not race the burst").toBe(rounds);
    const votes = (await pending(viaA, m)).filter((p) => p.type === 'vote');
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
      const votes = (await pending(viaA, m)).filter((p) => p.type === 'vote');
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
