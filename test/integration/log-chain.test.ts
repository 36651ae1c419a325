// A match's log writes from one process are sent one behind another (functions/adapters/aws/log-turns.ts),
// against DynamoDB Local: a vote does not wait for the answer of another player's write ahead of it, and
// when the write ahead is not served first, or fails, the vote still commits exactly once, right behind it.
// Held answers and held sends are the SDK's middleware: the store's order of service cannot be chosen for real.
import { describe, expect, it } from 'vitest';
import type { LocalStack } from '../../functions/local/stack.js';
import { effectsSettled } from '../setup/stack.js';
import { startSeven, type SevenMatch } from './lupus-table.js';
import { act, pending, twoProcesses } from './two-processes.js';

const processes = twoProcesses();
const { viaA, viaB } = processes;

type Step = (next: any, context: any) => (args: any) => Promise<any>;

/** Adds `step` to stack's store client (before the SDK's retries) while `run` runs. */
async function withStep<T>(stack: LocalStack, step: Step, run: () => Promise<T>): Promise<T> {
  const storeClient = (stack.ports.store as unknown as { options: { client: { middlewareStack: any } } }).options.client;
  const name = `log-chain-${Math.random()}`;
  storeClient.middlewareStack.add(step, { step: 'initialize', name });
  try {
    return await run();
  } finally {
    storeClient.middlewareStack.remove(name);
  }
}

const ballotOf = (args: any, who: string) => JSON.stringify(args.input).includes(`PLAYER#${who}`);

/**
 * Holds a request until the test lets it go. If the code under test waits for the held request itself, it is
 * let go after `ms` anyway, so that the test fails on its assertions rather than hangs.
 */
function gate(ms = 5_000) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const timer = setTimeout(() => open(), ms);
  void opened.then(() => clearTimeout(timer));
  return { open, opened };
}

/** The match's log as the GM reads it: every position once, in order, each with its day ballots. */
async function logOf(m: SevenMatch) {
  const slice = await processes.a.ports.store.readLog(m.matchId, { limit: 1000 });
  return slice.entries.map((e) => ({
    n: e.at.n,
    ballots: e.events.flatMap((s) => (s.event.kind === 'vote-cast' ? [`${s.event.voter}>${s.event.target}`] : [])),
  }));
}

/** The log's positions are contiguous, its last ballots are `last` (if any), and the close would read `held`. */
async function expectLog(m: SevenMatch, last: string[], held: string[]) {
  const log = await logOf(m);
  const positions = log.map((e) => e.n);
  expect(positions, 'every position once, none skipped').toEqual(positions.map((_, i) => positions[0]! + i));
  if (last.length > 0) expect(log.flatMap((e) => e.ballots).slice(-last.length), 'in the order they committed').toEqual(last);
  const ballots = (await pending(viaA, m)).filter((p) => p.type === 'vote').map((p) => `${p.owner}>${p.target}`);
  expect(ballots.sort()).toEqual(held);
  return log.flatMap((e) => e.ballots);
}

/** Waits, a few milliseconds at a time, for what the held request says. */
async function until(done: () => boolean) {
  while (!done()) await new Promise((r) => setTimeout(r, 5));
}

async function dayOne(seed: string) {
  const m = await startSeven(viaA, {}, seed);
  expect((await viaA.post(`/api/matches/${m.matchId}/resolve`, { phase: 'night-1' }, m.gm)).status).toBe(200);
  // Warm: each voter's seat and slots are kept by process A, so a ballot is one transaction.
  for (const who of ['anna', 'dario']) expect((await act(viaA, m, who, { type: 'vote', target: 'bruno' })).status).toBe(201);
  await effectsSettled(processes.a);
  await effectsSettled(processes.b);
  return m;
}

describe("a match's log writes, sent one behind another", () => {
  it('issue 47 (ballotBurst) LUP-8.2 a vote is sent and answered while the answer of another player’s ballot ahead of it is still on its way', async () => {
    const m = await dayOne('chain-held-answer');
    const annaAnswer = gate();
    let annaServed = false;
    let annaReleased = false;
    let darioSent = 0;
    const step: Step = (next) => async (args) => {
      if (ballotOf(args, 'dario')) darioSent++;
      if (!ballotOf(args, 'anna')) return next(args);
      const out = await next(args);
      annaServed = true;
      await annaAnswer.opened;
      annaReleased = true;
      return out;
    };
    const [anna, dario] = await withStep(processes.a, step, async () => {
      const annaVote = act(viaA, m, 'anna', { type: 'vote', target: 'elena' });
      await until(() => annaServed);
      // Anna's ballot is committed; its answer is held. Dario's vote takes the position after it at once.
      const darioVote = await act(viaA, m, 'dario', { type: 'vote', target: 'carla' });
      const answeredWhileHeld = !annaReleased;
      annaAnswer.open();
      return [await annaVote, { ...darioVote, answeredWhileHeld }];
    });
    expect(dario.answeredWhileHeld, 'dario was answered while anna’s answer was held').toBe(true);
    expect(dario.status, JSON.stringify(dario.body)).toBe(201);
    expect(anna.status, JSON.stringify(anna.body)).toBe(201);
    expect(darioSent, 'one transaction: sent behind anna’s, not after her answer').toBe(1);
    await expectLog(m, ['anna>elena', 'dario>carla'], ['anna>elena', 'dario>carla']);
  });

  it('issue 47 LUP-8.2 a vote the store serves before the ballot sent ahead of it fails its position, commits once right behind it', async () => {
    const m = await dayOne('chain-swapped');
    const annaSend = gate();
    let annaWaiting = false;
    let darioRefusedOnce = false;
    let darioSent = 0;
    const step: Step = (next) => async (args) => {
      if (ballotOf(args, 'anna') && !annaWaiting) {
        annaWaiting = true;
        await annaSend.opened;
      }
      if (!ballotOf(args, 'dario')) return next(args);
      darioSent++;
      try {
        return await next(args);
      } catch (error) {
        darioRefusedOnce = true;
        // Dario's transaction counted on anna's position, which is not written yet: now let hers go.
        annaSend.open();
        throw error;
      }
    };
    const [anna, dario] = await withStep(processes.a, step, async () => {
      const annaVote = act(viaA, m, 'anna', { type: 'vote', target: 'elena' });
      await until(() => annaWaiting);
      const darioVote = act(viaA, m, 'dario', { type: 'vote', target: 'carla' });
      return Promise.all([annaVote, darioVote]);
    });
    expect(anna.status, JSON.stringify(anna.body)).toBe(201);
    expect(dario.status, JSON.stringify(dario.body)).toBe(201);
    expect(darioRefusedOnce, 'the store refused dario’s first transaction: the position before it was not written').toBe(true);
    expect(darioSent, 'then once more, behind anna’s').toBe(2);
    await expectLog(m, ['anna>elena', 'dario>carla'], ['anna>elena', 'dario>carla']);
  });

  it('issue 47 decision 8 a ballot ahead that fails for its own reason (its slots changed in another process) leaves the vote behind it committed once', async () => {
    const m = await dayOne('chain-failed-ahead');
    const annaSend = gate();
    let annaHeld = false;
    let darioSent = 0;
    const step: Step = (next) => async (args) => {
      if (ballotOf(args, 'dario')) darioSent++;
      if (ballotOf(args, 'anna') && !annaHeld) {
        annaHeld = true;
        await annaSend.opened;
      }
      return next(args);
    };
    const [anna, dario] = await withStep(processes.a, step, async () => {
      const annaVote = act(viaA, m, 'anna', { type: 'vote', target: 'elena' });
      await until(() => annaHeld);
      // Anna's other tab, served by process B, changes her ballot: A's held transaction no longer matches her slots.
      expect((await act(viaB, m, 'anna', { type: 'vote', target: 'gina' })).status).toBe(201);
      const darioVote = act(viaA, m, 'dario', { type: 'vote', target: 'carla' });
      // Dario's transaction is on its way behind anna's; hers goes now, and fails on her slots.
      await until(() => darioSent > 0);
      annaSend.open();
      return Promise.all([annaVote, darioVote]);
    });
    expect(anna.status, JSON.stringify(anna.body)).toBe(201);
    expect(dario.status, JSON.stringify(dario.body)).toBe(201);
    // Dario's may commit before or after anna's second try: only the close's ballots and each one's count are fixed.
    const ballots = await expectLog(m, [], ['anna>elena', 'dario>carla']);
    expect(
      ballots.filter((b) => b === 'dario>carla'),
      'dario’s ballot once',
    ).toHaveLength(1);
    expect(
      ballots.filter((b) => b === 'anna>elena'),
      'anna’s A ballot once, after her B ballot',
    ).toHaveLength(1);
    expect(ballots.indexOf('anna>gina')).toBeLessThan(ballots.indexOf('anna>elena'));
  });
});
