// A message that goes to a chat once whichever way it was drawn: a seat's card at the start and a phase's
// keyboard, which both the opening's delivery and the binding itself may send (a seat bound while the
// opening's change is being read would otherwise get them twice).
import type { Ports } from '../ports.js';

const KEEP_MS = 7 * 86_400_000;

/** Claims `once` for this chat; true for the first caller only. */
export function claimOnce(ports: Ports, matchId: string, chatId: number, once: string): Promise<boolean> {
  const store = ports.store.telegram;
  if (!store) return Promise.resolve(true);
  return store.claim(`${matchId}#${chatId}#${once}`, ports.clock.now() + KEEP_MS);
}
