// The flow with nothing attached (functions/service/observers.ts): a platform deployed without the GM
// toolkit resolves what players stored, and every other point of the flow does nothing. Called directly,
// with the real stack's ports and a pending list read from the real store (DynamoDB Local, AWS adapter).
import { beforeAll, describe, expect, it } from 'vitest';
import { findRuleset } from '../../engine/index.js';
import { noObservers, observersOf } from '../../functions/service/observers.js';
import type { Ports } from '../../functions/ports.js';
import type { MatchMeta } from '../../functions/records.js';
import { startSeven, type SevenMatch } from '../integration/lupus-table.js';
import { handClock } from '../setup/clock.js';
import { useStack } from '../setup/stack.js';

const clock = handClock();
const { stack, api } = useStack({ clock, sweepEveryMs: 3_600_000 });

let m: SevenMatch;
let meta: MatchMeta;
beforeAll(async () => {
  m = await startSeven(api, {}, 'observers');
  meta = (await stack.ports.store.getMeta(m.matchId))!;
});

describe('observers', () => {
  it("ports without observers get the flow with nothing attached; the stack's own observers (the GM toolkit) are its", () => {
    const { observers: _toolkit, ...bare } = stack.ports;
    expect(observersOf(bare as Ports)).toBe(noObservers);
    expect(stack.ports.observers).toBeDefined();
    expect(observersOf(stack.ports)).toBe(stack.ports.observers);
  });

  it('with nothing attached a close resolves exactly the actions stored: none added, no notices, no-show record untouched', async () => {
    const ruleset = (await findRuleset(meta.ruleset))!;
    const state = await stack.ports.store.getState(m.matchId, meta.phase!);
    const pending = await stack.ports.store.listPending(m.matchId, meta.phase!);
    const step = await noObservers.beforeClose(stack.ports, meta, ruleset, state, pending);
    expect(step).toStrictEqual({ pending, added: [], notices: [] });
    expect(step.pending).toBe(pending);
    const some = [{ owner: 'anna', slot: 'vote', player: 'anna' }] as unknown as typeof pending;
    expect((await noObservers.beforeClose(stack.ports, meta, ruleset, state, some)).pending).toBe(some);
  });

  it('with nothing attached every other point of the flow does nothing and answers nothing', async () => {
    const loaded = { meta, ruleset: (await findRuleset(meta.ruleset))! };
    expect(await noObservers.afterFinish(stack.ports, meta, meta.phase!)).toBeUndefined();
    expect(await noObservers.afterResolution(stack.ports, m.matchId)).toBeUndefined();
    expect(await noObservers.afterPublish(stack.ports, loaded, [meta.phase!])).toBeUndefined();
    expect(await noObservers.afterBallot(stack.ports, m.matchId, [])).toBeUndefined();
    expect(await noObservers.sweep(stack.ports)).toBeUndefined();
    // Each point answers a promise, as the interface says: a caller may chain on it (`.catch`) without awaiting.
    for (const answer of [
      noObservers.afterFinish(stack.ports, meta, meta.phase!),
      noObservers.afterResolution(stack.ports, m.matchId),
      noObservers.afterPublish(stack.ports, loaded, []),
      noObservers.afterBallot(stack.ports, m.matchId, []),
      noObservers.sweep(stack.ports),
    ]) {
      expect(answer).toBeInstanceOf(Promise);
      await expect(answer).resolves.toBeUndefined();
    }
    expect(await stack.ports.store.getMeta(m.matchId)).toEqual(meta);
  });
});
