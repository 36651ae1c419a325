// Work that must not overlap, run in the order asked, per key and per owner (a store): a match's log
// writes (adapters/aws/log-turns.ts), and one player's slot changes in runs (service/submission.ts) in this process.
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

/** How one item of a run came out. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

interface Waiting<I, T> {
  item: I;
  settle: (out: Settled<T>) => void;
}

const runsOf = new WeakMap<object, Map<string, unknown[]>>();

/**
 * Like inTurn, for work that is cheaper together: what is asked while the owner's earlier run for `key` is
 * under way waits, and is then handed to `run` at once, in the order asked (`run` settles each item, in
 * order). A lone item is a run of one.
 */
export function inRun<I, T>(owner: object, key: string, item: I, run: (items: I[]) => Promise<Array<Settled<T>>>): Promise<T> {
  let waiting = runsOf.get(owner);
  if (!waiting) runsOf.set(owner, (waiting = new Map()));
  const queue = waiting as Map<string, Array<Waiting<I, T>>>;
  return new Promise<T>((resolve, reject) => {
    const mine: Waiting<I, T> = { item, settle: (out) => (out.ok ? resolve(out.value) : reject(out.error)) };
    const ahead = queue.get(key);
    if (ahead) return void ahead.push(mine);
    const next: Array<Waiting<I, T>> = [mine];
    queue.set(key, next);
    void drain(queue, key, next, run);
  });
}

async function drain<I, T>(
  queue: Map<string, Array<Waiting<I, T>>>,
  key: string,
  first: Array<Waiting<I, T>>,
  run: (items: I[]) => Promise<Array<Settled<T>>>,
): Promise<void> {
  const batch = first;
  for (;;) {
    // Whatever is asked from here on waits for the next run.
    const taken = batch.splice(0);
    let outs: Array<Settled<T>>;
    try {
      outs = await run(taken.map((w) => w.item));
    } catch (error) {
      outs = taken.map(() => ({ ok: false, error }));
    }
    taken.forEach((w, i) => w.settle(outs[i] ?? { ok: false, error: new Error('a run settled fewer items than it was given') }));
    if (batch.length === 0) {
      queue.delete(key);
      return;
    }
  }
}
