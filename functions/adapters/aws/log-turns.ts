// One log write per match at a time in this process. Writes that store events take the log's next position
// (the CURSOR item): racing each other for it, a player's vote could lose to a burst of another's re-votes
// dozens of times in a row (issue 47, `ballotBurst`). Queued, each waits only for the writes ahead of it.
import { inTurn } from '../../turns.js';

/** Runs `write` after this owner's earlier writes for `matchId` have settled, in the order they were asked. */
export const inLogTurn = <T>(owner: object, matchId: string, write: () => Promise<T>): Promise<T> =>
  inTurn(owner, `log\u0000${matchId}`, write);
