// The load run, test-sized (the full run is `tsx test/load/run.ts`, a minute with 200 players):
// a few matches of every ruleset under concurrent submissions, replacements and withdrawals while
// short phases close, then the count: nothing lost, doubled or stale, every phase resolved once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../functions/local/stack.js';
import { testStack } from '../setup/stack.js';
import { runLoad } from './load.js';

let stack: LocalStack;
beforeAll(async () => {
  stack = await testStack({ phaseSeconds: 2, sweepEveryMs: 500 });
});
afterAll(async () => stack?.stop());

describe('load, test-sized', () => {
  it('keeps every accepted action exactly once and resolves every phase exactly once', async () => {
    const report = await runLoad(stack, { seconds: 5, matches: 3, playersPerMatch: 5, thinkMs: [20, 150], seed: 7 });
    expect(report.violations).toEqual([]);
    // How much gets done depends on the machine; that something does, and is counted, does not.
    expect(report.submissions.accepted).toBeGreaterThan(0);
    expect(report.phases.resolved).toBeGreaterThan(0);
    expect(report.stored.checkedSlots).toBeGreaterThan(0);
  }, 120_000);

  it('issue 17 the same with two processes on one table: each request to either, kept reads going stale under them', async () => {
    const other = await testStack({
      phaseSeconds: 2,
      sweepEveryMs: 500,
      tableName: (stack.ports.store as unknown as { table: string }).table,
    });
    try {
      const report = await runLoad(stack, { seconds: 5, matches: 3, playersPerMatch: 5, thinkMs: [20, 150], seed: 11, processes: [other] });
      expect(report.violations).toEqual([]);
      expect(report.submissions.accepted).toBeGreaterThan(0);
      expect(report.phases.resolved).toBeGreaterThan(0);
    } finally {
      await other.stop();
    }
  }, 120_000);
});
