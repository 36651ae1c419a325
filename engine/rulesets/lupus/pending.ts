// The stored final actions of a phase, looked up by (owner, slot).
import type { ActionInput, PendingAction } from '../../core/types.js';

export interface Stored {
  get(owner: string, slot: string): ActionInput | undefined;
}

export function indexActions(actions: readonly PendingAction[]): Stored {
  const byKey = new Map<string, ActionInput>();
  for (const a of actions) byKey.set(`${a.owner}\u0000${a.slot}`, a.action);
  return { get: (owner, slot) => byKey.get(`${owner}\u0000${slot}`) };
}

/** A string field of a stored action, or null. */
export function field(action: ActionInput | undefined, name: string): string | null {
  const v = action?.[name];
  return typeof v === 'string' ? v : null;
}
