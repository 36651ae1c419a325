// A submission's slots on the single table: one `SLOTS#<phase>#<owner>` item per owner, next to the
// `ACTION#<phase>#<owner>#<slot>` items the resolver reads. It holds what the owner's slots held after
// the last submission that changed them, its version (one more at each such write) and META's version
// then: a write can condition on it, and a fresh read finds the owner's slots in one item.
import type { PendingAction } from '../../../engine/core/types.js';

export interface SlotsItem {
  v: number;
  /** META's version when it was written: the item speaks for the owner's slots only while META is still there. */
  mv: number;
  actions: PendingAction[];
}

export function readSlotsItem(item: Record<string, unknown> | undefined): SlotsItem | null {
  if (!item || typeof item.v !== 'number' || typeof item.mv !== 'number' || !Array.isArray(item.actions)) return null;
  return { v: item.v, mv: item.mv, actions: item.actions as PendingAction[] };
}
