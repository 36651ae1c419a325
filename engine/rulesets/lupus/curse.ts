// LUP-8.7 / D-17: the Black Cat burnt at the stake curses one of the villagers who let it burn.
import type { Rng } from '../../core/rng.js';
import type { LupusPlayer, LupusState } from './state.js';
import { factionOf } from './state.js';

export function catCurse(state: LupusState, cat: LupusPlayer, rng: Rng): void {
  const ballots = state.day?.ballots ?? {};
  // Seat order; a forced voter names himself, so he is neither a cat voter nor an abstainer.
  const candidates = state.players.filter(
    (p) =>
      p.alive && p.id !== cat.id && factionOf(p) === 'village' && p.id in ballots && (ballots[p.id] === cat.id || ballots[p.id] === null),
  );
  if (candidates.length === 0) return;
  const drawn = rng.pick(candidates);
  if (drawn.role === 'strega') return; // seed FAQ: no effect, no redraw
  drawn.cursed = true;
}
