// Engine resolution time per phase: each ruleset's bench builder (test/bench/<ruleset>.ts) at 13,
// 100, 1,000 and 3,000 players, resolved as the resolver does it (canonical order), state sizes included.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { rulesets } from '../rulesets.js';
import { withReaders } from '../../engine/core/events.js';
import { canonicalOrder } from '../../engine/core/match.js';
import type { Rng } from '../../engine/core/rng.js';
import { RulesetError, type PendingAction, type Ruleset } from '../../engine/core/types.js';
import { now, summarize, type Summary } from './measure.js';

export interface BenchCase {
  ruleset: Ruleset;
  state: unknown;
  actions: PendingAction[];
  rng: Rng;
}
export type Builder = (players: number) => BenchCase;

export interface EngineResult {
  ruleset: string;
  players: number;
  phase?: string;
  actions?: number;
  /** Events the phase's close produced, one per addressee (an event with an audience counts its copies). */
  events?: number;
  /** Event records stored for them (engine/core/events.ts: a run of equal events to several players is one record). */
  eventRecords?: number;
  resolveMs?: Summary;
  /** CPU time of the same runs (user + system): what the code costs, whatever else the machine runs. */
  cpuMs?: Summary;
  /** JSON and gzip sizes of the state after the phase (STATE items are gzip; DynamoDB caps an item at 400 KB). */
  stateBytes?: number;
  stateGzipBytes?: number;
  error?: string;
  /** The ruleset's own rules seat no table this size (Lupus's fixed tables: 3 to 20): the size does not exist. */
  unseated?: true;
}

const HERE = dirname(fileURLToPath(import.meta.url));

export async function builderFor(id: string): Promise<Builder | null> {
  const file = join(HERE, `${id}.ts`);
  if (!existsSync(file)) return null;
  const mod = (await import(pathToFileURL(file).href)) as { benchCase?: Builder };
  return mod.benchCase ?? null;
}

/** Fresh cases per iteration (the generator is stateful); only `resolve` is timed. */
export async function benchEngine(sizes: number[], budgetMs: number, log: (s: string) => void): Promise<EngineResult[]> {
  const out: EngineResult[] = [];
  for (const id of Object.keys(rulesets)) {
    const build = await builderFor(id);
    for (const players of sizes) {
      if (!build) {
        out.push({ ruleset: id, players, error: `no builder test/bench/${id}.ts` });
        continue;
      }
      try {
        const samples: number[] = [];
        const cpu: number[] = [];
        let last: { state: unknown; events: unknown[] } | null = null;
        let first: BenchCase | null = null;
        const warmups = players >= 1000 ? 1 : 3;
        const least = players >= 3000 ? 3 : 5;
        const started = now();
        for (let i = 0; i < 200; i++) {
          const c = build(players);
          first ??= c;
          const pending = canonicalOrder(c.actions);
          const c0 = process.cpuUsage();
          const t = now();
          const result = c.ruleset.resolve(c.state, pending, c.rng);
          const ms = now() - t;
          const used = process.cpuUsage(c0);
          last = result;
          if (i >= warmups) {
            samples.push(ms);
            cpu.push((used.user + used.system) / 1000);
          }
          if (samples.length >= least && now() - started > budgetMs) break;
        }
        const json = JSON.stringify(last!.state);
        out.push({
          ruleset: id,
          players,
          phase: first!.ruleset.phase(first!.state) ?? 'ended',
          actions: first!.actions.length,
          events: (last!.events as Array<{ audience?: string[] }>).reduce((n, e) => n + (e.audience?.length ?? 1), 0),
          eventRecords: withReaders(last!.events as never, first!.ruleset.channels(last!.state as never), 'bench', { kind: 'close' })
            .length,
          resolveMs: summarize(samples),
          cpuMs: summarize(cpu),
          stateBytes: Buffer.byteLength(json),
          stateGzipBytes: gzipSync(Buffer.from(json)).length,
        });
        log(`engine ${id} ${players}: p50 ${summarize(samples).p50} ms over ${samples.length} runs`);
      } catch (error) {
        const unseated = error instanceof RulesetError && error.code === 'invalid-setup';
        out.push({ ruleset: id, players, error: (error as Error).message.slice(0, 200), ...(unseated ? { unseated: true as const } : {}) });
        log(`engine ${id} ${players}: ${(error as Error).message.slice(0, 200)}`);
      }
    }
  }
  return out;
}
