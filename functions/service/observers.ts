// What the platform's flow tells the behaviour attached to it (the GM toolkit's no-shows, webhooks and
// vote counts), injected through the ports like any other dependency, so the core imports no toolkit code.
import type { StoredEvent } from '../../engine/core/events.js';
import type { GameEvent, PendingAction, Ruleset } from '../../engine/core/types.js';
import type { MatchMeta, Ports } from '../ports.js';
import type { Loaded } from './context.js';

/** What an observer may add to a close before it is resolved. */
export interface CloseStep {
  /** The actions to resolve: the stored ones plus any defaults. */
  pending: PendingAction[];
  /** Default actions added (stored with the close, flagged `auto`). */
  added: PendingAction[];
  /** META's new no-show record; undefined leaves it as it is. */
  noShows?: Record<string, string[]>;
  /** Private notices stored with the close. */
  notices: GameEvent[];
}

/**
 * The points of the flow, in the order a resolution meets them: `beforeClose` (may add default actions),
 * `afterFinish` (results published; repeated safely on a retry), `afterResolution` (once, after a fresh
 * resolution). `afterPublish` follows every publication, `afterBallot` every accepted or withdrawn action,
 * `sweep` every run of the sweeper or the local loop. None of them may fail the flow: an observer catches
 * and logs its own errors.
 */
export interface Observers {
  beforeClose(ports: Ports, meta: MatchMeta, ruleset: Ruleset, state: unknown, pending: PendingAction[]): Promise<CloseStep>;
  afterFinish(ports: Ports, meta: MatchMeta, phase: string): Promise<unknown>;
  afterResolution(ports: Ports, matchId: string): Promise<unknown>;
  afterPublish(ports: Ports, loaded: Loaded, phases: string[]): Promise<unknown>;
  afterBallot(ports: Ports, matchId: string, events: StoredEvent[]): Promise<unknown>;
  sweep(ports: Ports): Promise<unknown>;
}

const done = () => Promise.resolve(undefined);

/** The flow with nothing attached: closes resolve what was stored, nothing else happens. */
export const noObservers: Observers = {
  beforeClose: (_ports, _meta, _ruleset, _state, pending) => Promise.resolve({ pending, added: [], notices: [] }),
  afterFinish: done,
  afterResolution: done,
  afterPublish: done,
  afterBallot: done,
  sweep: done,
};

export const observersOf = (ports: Ports): Observers => ports.observers ?? noObservers;
