// Sandbox tables for the contention suites: a shared scenario's seats and seed, started over the API.
import { resolve } from 'node:path';
import type { LocalStack } from '../../functions/local/stack.js';
import type { Store } from '../../functions/ports.js';
import { loadScenario, splitPlayer } from '../scenario/scenario.js';
import type { client } from '../setup/stack.js';
import { scenarioRoot } from '../scenario/roots.js';

export type Api = ReturnType<typeof client>;

/** One scenario per ruleset: its seats, seed and setup (its actions are not played). */
export const TABLES = {
  lupus: 'lupus/lup-p01-first-night-and-village-win.json',
  mafia: 'mafia/maf-p01-first-day-and-night.json',
  killgame: 'killgame/kg-p01-first-turn.json',
} as const;
export type RulesetId = keyof typeof TABLES;

export interface Table {
  matchId: string;
  gm: string;
  tokens: Record<string, string>;
}

export async function startTable(api: Api, ruleset: RulesetId, settings: Record<string, unknown> = {}): Promise<Table> {
  const scenario = loadScenario(resolve(scenarioRoot(), TABLES[ruleset]));
  const must = (r: { status: number; body: any }, what: string) => {
    if (r.status >= 300) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const created = must(
    await api.post('/api/matches', {
      ruleset,
      name: `contention ${ruleset}`,
      sandbox: true,
      settings: { ...scenario.settings, ...settings },
    }),
    'create',
  );
  const optionKeys = ruleset === 'mafia' ? ['specialty'] : [];
  const tokens: Record<string, string> = {};
  const fixed: Record<string, Record<string, unknown>> = {};
  for (const player of scenario.players) {
    const split = splitPlayer(player, optionKeys);
    const joined = must(
      await api.post(`/api/matches/${created.matchId}/players`, {
        name: player.name,
        playerId: player.id,
        ...(Object.keys(split.options).length ? { options: split.options } : {}),
      }),
      'join',
    );
    tokens[player.id] = joined.token;
    fixed[player.id] = split.fixed;
  }
  must(
    await api.post(
      `/api/matches/${created.matchId}/start`,
      { seed: scenario.seed, dice: scenario.dice, players: fixed, setup: scenario.setup },
      created.gmToken,
    ),
    'start',
  );
  return { matchId: created.matchId, gm: created.gmToken, tokens };
}

/** The close commits that succeeded, per `<match>/<phase>`, with when (ms, performance clock) the first one landed. */
export interface CloseCommits {
  count: Map<string, number>;
  firstAt: Map<string, number>;
}

/** Counts the stack store's close commits (a spy on the real DynamoDB store, not a stand-in). */
export function countCloseCommits(stack: LocalStack): CloseCommits {
  const store = stack.ports.store as Store;
  const commit = store.commit.bind(store);
  const seen: CloseCommits = { count: new Map(), firstAt: new Map() };
  store.commit = async (write) => {
    await commit(write);
    if (write.step.origin.kind !== 'close') return;
    const key = `${write.meta.id}/${write.step.phase}`;
    seen.count.set(key, (seen.count.get(key) ?? 0) + 1);
    if (!seen.firstAt.has(key)) seen.firstAt.set(key, performance.now());
  };
  return seen;
}
