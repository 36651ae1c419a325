// One log write per match at a time in this process. Writes that store events take the log's next position
// (the CURSOR item): racing each other for it, a player's vote could lose to a burst of another's re-votes
// dozens of times in a row (issue 47, `ballotBurst`). Queued, each waits only for the writes ahead of it.
const turns = new WeakMap<object, Map<string, Promise<void>>>();

/** Runs `write` after this owner's earlier writes for `matchId` have settled, in the order they were asked. */
export function inLogTurn<T>(owner: object, matchId: string, write: () => Promise<T>): Promise<T> {
  let queue = turns.get(owner);
  if (!queue) turns.set(owner, (queue = new Map()));
  const ahead = queue.get(matchId) ?? Promise.resolve();
  const mine = ahead.then(write);
  const done = mine.then(
    () => undefined,
    () => undefined,
  );
  queue.set(matchId, done);
  void done.then(() => {
    if (queue.get(matchId) === done) queue.delete(matchId);
  });
  return mine;
}
