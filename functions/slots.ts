// What a submission leaves in each owner's slots (the store and the service compute it alike).
import { applyChanges, type PendingChange } from '../engine/core/match.js';
import type { OwnSlots } from './records.js';

/** Each owner's slots after `changes`: a changed owner's version moves on by one. */
export function slotsAfter(read: OwnSlots[], changes: PendingChange[]): OwnSlots[] {
  for (const c of changes) {
    if (!read.some((s) => s.owner === c.owner)) throw new Error(`A submission changed slots of ${c.owner}, which it did not read.`);
  }
  return read.map((s) => {
    const mine = changes.filter((c) => c.owner === s.owner);
    return mine.length === 0 ? s : { owner: s.owner, version: s.version + 1, actions: applyChanges(s.actions, mine) };
  });
}
