// What the platform's flow tells the behaviour attached to it (the GM toolkit's no-shows, webhooks and
// vote counts), injected through the ports like any other dependency, so the core imports no toolkit code.
// The interface is declared with the ports (functions/ports.ts), which carry it.
import type { Observers, Ports } from '../ports.js';

export type { Observers } from '../ports.js';
export type { CloseStep } from '../records.js';

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
