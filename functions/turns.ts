// Work that must not overlap, run in the order asked, per key and per owner (a store): a match's log
// writes (adapters/aws/log-turns.ts) and one player's slot changes (service/submission.ts) in this process.
const queuesOf = new WeakMap<object, Map<string, Promise<void>>>();

/** Runs `run` after the owner's earlier work under `key` has settled (failed or not). */
export function inTurn<T>(owner: object, key: string, run: () => Promise<T>): Promise<T> {
  let queues = queuesOf.get(owner);
  if (!queues) queuesOf.set(owner, (queues = new Map()));
  const ahead = queues.get(key) ?? Promise.resolve();
  const mine = ahead.then(run);
  const tail = mine.then(
    () => undefined,
    () => undefined,
  );
  queues.set(key, tail);
  void tail.then(() => {
    if (queues.get(key) === tail) queues.delete(key);
  });
  return mine;
}
