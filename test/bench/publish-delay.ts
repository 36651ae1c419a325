// The delay from a phase's deadline to its results being published, on the local stack: a match is
// laid out in the table from a bench builder's state (players, state, actions), its deadline set a
// moment ahead and left to the local scheduler; the clock stops when the match's files are written.
import { randomBytes } from 'node:crypto';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { PendingAction } from '../../engine/core/types.js';
import { localClient } from '../../functions/local/dynamodb-local.js';
import type { LocalStack } from '../../functions/local/stack.js';
import type { Publisher, Store } from '../../functions/ports.js';
import type { MatchMeta } from '../../functions/records.js';
import type { Builder } from './engine.js';
import { round, summarize, type Summary } from './measure.js';

export interface DelayResult {
  ruleset: string;
  players: number;
  phase: string;
  actions: number;
  runs: number;
  /** Deadline to the match's files (phase file, then index.json) written. */
  delayMs: Summary;
  /** Deadline to the resolver's commit of the next state. */
  commitMs: Summary;
}

async function batchWrite(doc: DynamoDBDocumentClient, table: string, items: Record<string, unknown>[]) {
  for (let i = 0; i < items.length; i += 25) {
    let request: Record<string, unknown>[] | undefined = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    while (request && request.length > 0) {
      const out = await doc.send(new BatchWriteCommand({ RequestItems: { [table]: request as never } }));
      request = out.UnprocessedItems?.[table] as Record<string, unknown>[] | undefined;
    }
  }
}

export async function benchPublishDelay(
  stack: LocalStack,
  tableName: string,
  cases: Array<{ ruleset: string; build: Builder; players: number; runs: number }>,
  leadMs: number,
  log: (s: string) => void,
): Promise<DelayResult[]> {
  const doc = DynamoDBDocumentClient.from(localClient(stack.dynamoEndpoint), { marshallOptions: { removeUndefinedValues: true } });
  const marks = new Map<string, { phaseFile?: number; index?: number; commit?: number }>();
  const publisher = stack.ports.publisher;
  const watchedPublisher: Publisher = {
    async put(key, body) {
      await publisher.put(key, body);
      const m = /^matches\/([^/]+)\/(index\.json|phases\/.+\.json)$/.exec(key);
      const mark = m ? marks.get(m[1]!) : undefined;
      if (!mark) return;
      if (m![2] !== 'index.json') mark.phaseFile ??= Date.now();
      else if (mark.phaseFile !== undefined) mark.index ??= Date.now();
    },
    remove: (key) => publisher.remove(key),
  };
  const store = stack.ports.store;
  const watchedStore: Store = Object.create(store);
  watchedStore.commit = async (write) => {
    await store.commit(write);
    const mark = marks.get(write.meta.id);
    if (mark && write.step.origin.kind === 'close') mark.commit ??= Date.now();
  };
  stack.ports.publisher = watchedPublisher;
  stack.ports.store = watchedStore;

  const out: DelayResult[] = [];
  try {
    for (const c of cases) {
      const delays: number[] = [];
      const commits: number[] = [];
      let phase = '';
      let actions = 0;
      for (let run = 0; run < c.runs; run++) {
        const bench = c.build(c.players);
        const rs = bench.ruleset;
        phase = rs.phase(bench.state)!;
        actions = bench.actions.length;
        const facts = rs.facts(bench.state);
        const ids = [...facts.alive, ...facts.dead, ...(facts.jailed ?? [])];
        const id = `bench-${randomBytes(5).toString('hex')}`;
        const t = Date.now();
        const meta: MatchMeta = {
          id,
          name: `Bench ${c.ruleset} ${c.players}`,
          ruleset: rs.id,
          sandbox: true,
          status: 'running',
          settings: rs.settings.parse({}) as Record<string, unknown>,
          phase,
          phaseStatus: 'open',
          openedAt: t,
          deadline: t + 3_600_000,
          remainingMs: null,
          closeRequestedAt: null,
          leaseUntil: null,
          needsPublish: null,
          seed: `bench-${c.players}`,
          dice: 'natural',
          winner: null,
          version: 1,
          nextSeat: ids.length + 1,
          createdAt: t,
          gmTokenHash: '0'.repeat(64),
          history: [phase],
        };
        await store.createMatch(meta);
        await store.commit({
          meta: { ...meta, version: 2 },
          expectVersion: 1,
          stateKey: phase,
          state: bench.state,
          events: [],
          step: { phase, origin: { kind: 'start' } },
        });
        await batchWrite(
          doc,
          tableName,
          ids.map((p, i) => ({
            pk: `MATCH#${id}`,
            sk: `PLAYER#${p}`,
            id: p,
            name: `Player ${i + 1}`,
            seat: i + 1,
            tokenHash: '0'.repeat(64),
            options: {},
            checkedPhase: null,
          })),
        );
        await batchWrite(
          doc,
          tableName,
          bench.actions.map((a: PendingAction) => ({ pk: `MATCH#${id}`, sk: `ACTION#${phase}#${a.owner}#${a.slot}`, pending: a })),
        );
        // The deadline a moment ahead; the local scheduler's timer does the rest.
        const deadline = Date.now() + leadMs;
        await store.putMeta({ ...meta, deadline, version: 3 }, 2);
        marks.set(id, {});
        await stack.ports.scheduler.schedule(id, phase, deadline);
        const mark = marks.get(id)!;
        const giveUp = deadline + 60_000;
        while (mark.index === undefined && Date.now() < giveUp) await new Promise((r) => setTimeout(r, 5));
        if (mark.index === undefined) throw new Error(`${c.ruleset} ${c.players}: not published within a minute`);
        delays.push(mark.index - deadline);
        commits.push((mark.commit ?? mark.index) - deadline);
        // Let the resolver finish its tail (schedule, unmark) before the next run starts.
        for (let i = 0; i < 400 && (await store.getMeta(id))?.needsPublish !== null; i++) await new Promise((r) => setTimeout(r, 10));
      }
      const d = summarize(delays);
      out.push({ ruleset: c.ruleset, players: c.players, phase, actions, runs: c.runs, delayMs: d, commitMs: summarize(commits) });
      log(`deadline→published ${c.ruleset} ${c.players}: p50 ${d.p50} ms (commit at ${round(summarize(commits).p50, 0)} ms)`);
    }
  } finally {
    stack.ports.publisher = publisher;
    stack.ports.store = store;
  }
  return out;
}
