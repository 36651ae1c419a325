// Web Push inside the platform's flow: a notice to each subscribed player when a phase resolves (afterFinish),
// reminders before deadlines (sweep). Like every observer it never fails the flow: it logs and goes on.
import type { Ports } from '../../ports.js';
import type { DeliveryJob, MatchMeta, PushSubscriptionRecord } from '../../records.js';
import { loadMeta, loadState } from '../context.js';
import type { Observers } from '../observers.js';
import { deliverOnce, deviceOf, type Delivery, type PushPayload } from './notices.js';
import { MAX_REMIND_MINUTES, reminderDue, reminderTargets } from './reminders.js';

async function guarded<T>(what: string, fallback: T, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    console.error(JSON.stringify({ level: 'error', message: `push ${what} failed: ${String(error)}` }));
    return fallback;
  }
}

const count = (results: Delivery[]) => results.filter((r) => r === 'sent').length;

/**
 * One notice to each of these devices: with a delivery queue, each device is a job of its own (its own
 * retries; a silent push service delays nobody) and the count is of those queued; without one, sent here.
 */
async function sendEach(
  ports: Ports,
  targets: PushSubscriptionRecord[],
  key: string,
  payload: Omit<PushPayload, 'lang'>,
  ttlSeconds?: number,
): Promise<number> {
  const store = ports.store.push!;
  if (ports.deliveries) {
    const jobs: DeliveryJob[] = targets.map((s) => ({
      kind: 'push',
      matchId: s.matchId,
      playerId: s.playerId,
      device: deviceOf(s),
      key,
      payload,
      ...(ttlSeconds === undefined ? {} : { ttlSeconds }),
    }));
    await ports.deliveries.enqueue(jobs);
    return jobs.length;
  }
  return count(await Promise.all(targets.map((s) => deliverOnce(ports, store, s, key, payload, ttlSeconds))));
}

/** Subscriptions of the people who hold their seats now (a removed player's or a replaced person's are left out). */
async function seated(ports: Ports, matchId: string, subscriptions: PushSubscriptionRecord[]) {
  const players = new Map((await ports.store.listPlayers(matchId)).map((p) => [p.id, p]));
  return subscriptions.filter((s) => players.get(s.playerId)?.tokenHash === s.tokenHash);
}

/**
 * `phase` of `meta.id` has resolved (or the match was ended): one notice per device. The key holds the next
 * phase's opening, so a retried finish sends nothing twice and a rollback's new resolution is told again.
 */
export async function notifyResults(ports: Ports, meta: MatchMeta, phase: string): Promise<number> {
  const store = ports.store.push;
  if (!ports.push || !store) return 0;
  const subscriptions = await seated(ports, meta.id, await store.listSubscriptions(meta.id));
  const key = `results#${phase}#${meta.openedAt ?? 'end'}`;
  const payload = {
    kind: 'results' as const,
    match: { id: meta.id, name: meta.name },
    phase,
    next: meta.status === 'ended' ? null : meta.phase,
  };
  return sendEach(ports, subscriptions, key, payload);
}

/** One reminder per device, player and deadline to those who have not checked, in every match whose reminder is due. */
export async function remindDue(ports: Ports): Promise<number> {
  const store = ports.store.push;
  if (!ports.push || !store) return 0;
  const now = ports.clock.now();
  const soon = await ports.store.dueMatches(now + MAX_REMIND_MINUTES * 60_000, 200);
  let sent = 0;
  for (const meta of soon.filter((m) => reminderDue(m, now))) {
    sent += await guarded('reminder', 0, async () => {
      const subscriptions = await store.listSubscriptions(meta.id);
      if (subscriptions.length === 0) return 0;
      const loaded = await loadMeta(ports, meta.id);
      const alive = new Set(loaded.ruleset.facts(await loadState(ports, loaded.meta)).alive);
      const targets = reminderTargets(loaded.meta, await ports.store.listPlayers(meta.id), alive, subscriptions);
      if (!reminderDue(loaded.meta, now)) return 0;
      const { phase, deadline } = loaded.meta as MatchMeta & { phase: string; deadline: number };
      const payload = { kind: 'reminder' as const, match: { id: meta.id, name: meta.name }, phase, deadline };
      const ttl = (deadline - now) / 1000;
      return sendEach(ports, targets, `reminder#${phase}#${deadline}`, payload, ttl);
    });
  }
  return sent;
}

/** The push sweep runs at most this often (by the ports' clock): a reminder needs no finer step. */
export const PUSH_SWEEP_EVERY_MS = 2_000;
const lastSweep = new WeakMap<Ports, number>();

function pushSweep(ports: Ports): Promise<number> {
  const now = ports.clock.now();
  const last = lastSweep.get(ports);
  if (last !== undefined && now >= last && now - last < PUSH_SWEEP_EVERY_MS) return Promise.resolve(0);
  lastSweep.set(ports, now);
  return guarded('reminders', 0, () => remindDue(ports));
}

/** `base` (the GM toolkit) with Web Push attached; the composition roots inject the result. */
export function withPush(base: Observers): Observers {
  return {
    ...base,
    async afterFinish(ports, meta, phase) {
      const before = await base.afterFinish(ports, meta, phase);
      await guarded('results', 0, () => notifyResults(ports, meta, phase));
      return before;
    },
    async sweep(ports) {
      const before = await base.sweep(ports);
      await pushSweep(ports);
      return before;
    },
  };
}
