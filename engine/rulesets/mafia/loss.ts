// Leaving the town and ending effects: MAF-1.12 (death, jail), MAF-1.19 (removal), MAF-9.9, 9.12.
import type { GameEvent } from '../../core/types.js';
import { copyByUid } from './inventory.js';
import { findPlayer, freshEffects, inTown } from './state.js';
import type { MafiaState, PlayerState } from './state.js';

type Tell = (event: GameEvent) => void;

/** MAF-9.12: a transformation ends; the bearer is told if he is in town (MAF-10.4). */
export function endTransformation(state: MafiaState, bearer: PlayerState, tell: Tell): void {
  const t = bearer.fx.transformation;
  if (!t) return;
  bearer.fx.transformation = null;
  const source = copyByUid(state, t.uid);
  if (source) source.copy.bearers = source.copy.bearers.filter((b) => b !== bearer.id);
  if (inTown(bearer)) tell({ kind: 'effect-removed', to: bearer.id, effect: 'transformation' });
}

/** Ends every transformation a copy keeps (its holder left, or it changed hands). */
export function releaseBearers(state: MafiaState, uid: number, tell: Tell): void {
  const source = copyByUid(state, uid);
  if (!source) return;
  for (const id of [...source.copy.bearers]) {
    const bearer = findPlayer(state, id);
    if (bearer?.fx.transformation?.uid === uid) endTransformation(state, bearer, tell);
  }
  source.copy.bearers = [];
}

/**
 * MAF-1.12: a player who dies or is jailed loses his items and maps, and every effect on him
 * but his specialty bonuses; a jailed bandit keeps his unspent starting items. A removal
 * (MAF-1.19) loses everything, starting items included.
 */
export function leaveTown(state: MafiaState, p: PlayerState, how: 'dead' | 'jailed' | 'removed', tell: Tell): void {
  p.status = how;
  for (const copy of p.items) if (copy.bearers.length) releaseBearers(state, copy.uid, tell);
  if (p.fx.transformation) endTransformation(state, p, tell);
  p.items = how === 'jailed' ? p.items.filter((c) => c.starting) : [];
  p.maps = [];
  p.fx = freshEffects();
  p.activeSet = null;
}

/** MAF-9.9: when a marker leaves, his marks without passive effects vanish. */
export function dropMarksOf(state: MafiaState, marker: string): void {
  for (const p of state.players) if (p.fx.marks.length) p.fx.marks = p.fx.marks.filter((m) => m.passive || m.marker !== marker);
}
