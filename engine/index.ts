// The registry: every ruleset dusk ships, by id. A ruleset's code is loaded the first time something
// asks for it, and checked against the contract then, so a Lambda function starts without any of them
// and a process that serves only Lupus matches never loads Mafia at all (issue 17, cold start).
import { checkRuleset } from './core/check.js';
import type { Ruleset } from './core/types.js';

/** Loads one ruleset's module; each is its own chunk in a Lambda bundle (infra/bundling.ts). */
export type RulesetLoader = () => Promise<Ruleset>;

export interface Registry {
  /** Every id, in the order the registry was given them. */
  readonly ids: readonly string[];
  /** The ruleset under `id`, loaded and checked on the first call; undefined for an id never registered. */
  load(id: string): Promise<Ruleset | undefined>;
  /** The ruleset under `id` if a `load` has already finished: the warm paths' synchronous read. */
  loaded(id: string): Ruleset | undefined;
  /** Every ruleset, by id, in registry order. */
  loadAll(): Promise<Readonly<Record<string, Ruleset>>>;
}

/**
 * A registry of lazily loaded rulesets. A ruleset that breaks the contract (engine/core/check.ts), or
 * that says it has another id than the one it is registered under, is refused at every load, naming
 * every problem: no match can use it. A load that fails is tried again at the next call.
 */
export function registry(loaders: Readonly<Record<string, RulesetLoader>>): Registry {
  const ids = Object.keys(loaders);
  const loading = new Map<string, Promise<Ruleset>>();
  const ready = new Map<string, Ruleset>();
  const checked = async (id: string): Promise<Ruleset> => {
    const ruleset = await loaders[id]!();
    if (ruleset.id !== id) throw new Error(`Ruleset "${String(ruleset.id)}" is registered as "${id}".`);
    ready.set(id, checkRuleset(ruleset));
    return ruleset;
  };
  const load = (id: string): Promise<Ruleset | undefined> => {
    if (!Object.hasOwn(loaders, id)) return Promise.resolve(undefined);
    let pending = loading.get(id);
    if (!pending) {
      pending = checked(id);
      loading.set(id, pending);
      pending.catch(() => loading.delete(id));
    }
    return pending;
  };
  return {
    ids,
    load,
    loaded: (id) => ready.get(id),
    loadAll: async () => Object.fromEntries(await Promise.all(ids.map(async (id) => [id, (await load(id))!] as const))),
  };
}

export const rulesets: Registry = registry({
  killgame: async () => (await import('./rulesets/killgame/index.js')).killgame,
  lupus: async () => (await import('./rulesets/lupus/index.js')).lupus,
  mafia: async () => (await import('./rulesets/mafia/index.js')).mafia,
});

/** The ruleset under `id`, loaded on first use; undefined when dusk has none by that id. */
export const findRuleset = (id: string): Promise<Ruleset | undefined> => rulesets.load(id);

export type { Ruleset } from './core/types.js';
