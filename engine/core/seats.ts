// The seats as the public knows them: the roster every ruleset declares, and a seat in a view.
import type { PlayerId, RosterEntry } from './types.js';

interface Seated {
  id: PlayerId;
  name: string;
  alive: boolean;
}

/** A seated player as every reader may know him: id, name, alive. */
export const seatOf = (p: Seated) => ({ id: p.id, name: p.name, alive: p.alive });

/** The public roster of these seats, in seat order. */
export const rosterOf = (players: ReadonlyArray<{ id: PlayerId; alive: boolean }>): RosterEntry[] =>
  players.map((p) => ({ id: p.id, alive: p.alive }));
