// The local stack in its own process group, so that a test can kill it (and its DynamoDB Local) the
// hard way. Prints one JSON line `{ url }` when ready. Environment:
//   DUSK_DATA           data folder (kept across restarts)
//   DUSK_PHASE_SECONDS  every phase lasts this long
//   DUSK_CLOCK_OFFSET   milliseconds added to the clock (a restart "later", after a lease expired)
//   DUSK_KILL_AT        `after-claim` or `after-commit`: the process kills itself with SIGKILL right
//                       after the resolver's claim, or right after its commit, of any phase (its
//                       DynamoDB Local then stops, as after any crash of the stack)
import { startLocalStack } from '../../functions/local/stack.js';
import type { Store } from '../../functions/ports.js';

const offset = Number(process.env.DUSK_CLOCK_OFFSET ?? '0');
const killAt = process.env.DUSK_KILL_AT ?? '';

const die = (why: string) => {
  console.log(JSON.stringify({ dying: why }));
  process.kill(process.pid, 'SIGKILL');
};

const stack = await startLocalStack({
  dataDir: process.env.DUSK_DATA!,
  phaseSeconds: Number(process.env.DUSK_PHASE_SECONDS ?? '5'),
  sweepEveryMs: 200,
  clock: { now: () => Date.now() + offset },
});

const store = stack.ports.store;
const watched: Store = Object.create(store);
watched.putMeta = async (meta, expectVersion) => {
  await store.putMeta(meta, expectVersion);
  if (killAt === 'after-claim' && meta.phaseStatus === 'resolving') die(`after the claim of ${meta.phase}`);
};
watched.commit = async (write) => {
  await store.commit(write);
  if (write.step.origin.kind !== 'close') return;
  console.log(JSON.stringify({ committed: write.step.phase }));
  if (killAt === 'after-commit') die(`after the commit of ${write.step.phase}`);
};
stack.ports.store = watched;

console.log(JSON.stringify({ url: stack.url }));
