// Webhooks: where a match's announcements go, each phase's public results and a reminder before each deadline.
import { createHash } from 'node:crypto';
import * as z from 'zod';
import { canRead } from '../../../engine/core/events.js';
import { CLOSING } from '../../../engine/core/origin.js';
import { ConditionFailed } from '../../store-errors.js';
import type { Ports } from '../../ports.js';
import type { MatchMeta, OutboxItem, WebhookFormat, WebhookTarget } from '../../records.js';
import { loadMeta } from '../context.js';
import { refusal } from '../errors.js';
import { phasePostInput, renderer } from '../posts/load.js';
import { discourseBody, discourseTarget, langOf, postsUrl, shownTarget } from './discourse.js';
import { enqueue } from './outbox.js';
import { webhookBody, type Announcement } from './webhook-bodies.js';
import { callerUrl } from '../urls.js';
import { RETRY } from '../../retry.js';

export const MAX_WEBHOOKS = 5;
const MAX_URL = 500;
/** Reminders are sent at most this long before a deadline (the sweeper looks this far ahead). */
export const MAX_REMIND_MINUTES = 1440;

const url = callerUrl(MAX_URL);

const target = z.union([
  url,
  z
    .object({
      url,
      format: z.enum(['json', 'discord', 'telegram']),
      chatId: z
        .string()
        .regex(/^-?[0-9]{1,20}$|^@[A-Za-z0-9_]{5,32}$/, 'a Telegram chat id')
        .optional(),
    })
    .strict(),
  discourseTarget(url),
]);

/** `PUT /webhooks`: up to five targets (a URL, its format read from the host, `{ url, format, chatId? }`, or a Discourse topic). */
export const webhooksBody = z
  .object({
    urls: z.array(target).max(MAX_WEBHOOKS),
    remindBeforeMinutes: z.number().int().min(0).max(MAX_REMIND_MINUTES),
  })
  .strict();

/** The format a bare URL gets: Discord's and Telegram's webhook endpoints by host, plain JSON otherwise. */
export function formatOf(raw: string): { format: WebhookFormat; chatId?: string } {
  const u = new URL(raw);
  if (/(^|\.)discord(app)?\.com$/.test(u.hostname) && u.pathname.startsWith('/api/webhooks/')) return { format: 'discord' };
  if (u.hostname === 'api.telegram.org') {
    const chatId = u.searchParams.get('chat_id');
    return { format: 'telegram', ...(chatId ? { chatId } : {}) };
  }
  return { format: 'json' };
}

export async function setWebhooks(ports: Ports, matchId: string, input: z.infer<typeof webhooksBody>) {
  const targets: WebhookTarget[] = input.urls.map((t) => (typeof t === 'string' ? { url: t, ...formatOf(t) } : t));
  for (let attempt = 0; attempt < RETRY.metaRace.tries; attempt++) {
    const { meta } = await loadMeta(ports, matchId);
    const { webhooks: _old, ...rest } = meta;
    const next: MatchMeta = {
      ...rest,
      ...(targets.length > 0 ? { webhooks: { targets, remindBeforeMinutes: input.remindBeforeMinutes } } : {}),
      version: meta.version + 1,
    };
    try {
      await ports.store.putMeta(next, meta.version);
    } catch (error) {
      if (error instanceof ConditionFailed) continue;
      throw error;
    }
    return { webhooks: targets.map((t) => t.format), remindBeforeMinutes: input.remindBeforeMinutes };
  }
  throw refusal('busy', 'The match is busy; try again.');
}

/** GM only: the targets and the latest deliveries (state, attempts, last answer), without their bodies. */
export async function getWebhooks(ports: Ports, meta: MatchMeta) {
  const deliveries = ports.store.toolkit ? await ports.store.toolkit.listOutbox(meta.id, 50) : [];
  return {
    urls: (meta.webhooks?.targets ?? []).map(shownTarget),
    remindBeforeMinutes: meta.webhooks?.remindBeforeMinutes ?? 0,
    deliveries: deliveries.map(({ key, kind, phase, state, attempts, lastStatus, lastError, nextAt, createdAt }) => ({
      key,
      kind,
      phase,
      state,
      attempts,
      lastStatus,
      lastError,
      nextAt,
      createdAt,
    })),
  };
}

/** `postFor`: the phase's Markdown post for a Discourse target (which gets results only, no reminders). */
function items(
  ports: Ports,
  meta: MatchMeta,
  a: Announcement,
  stamp: string,
  deadline: number | null,
  postFor?: (t: WebhookTarget) => string | undefined,
): OutboxItem[] {
  const now = ports.clock.now();
  return (meta.webhooks?.targets ?? []).flatMap((t, i): OutboxItem[] => {
    const discourse = t.format === 'discourse';
    const raw = discourse ? postFor?.(t) : undefined;
    if (discourse && raw === undefined) return [];
    return [
      {
        matchId: meta.id,
        key: `${a.kind}#${a.phase}#${stamp}#${i}`,
        kind: a.kind,
        phase: a.phase,
        deadline,
        url: discourse ? postsUrl(t) : t.url,
        body: discourse ? discourseBody(t, raw!) : webhookBody(t, a),
        ...(discourse ? { format: t.format } : {}),
        state: 'pending',
        attempts: 0,
        nextAt: now,
        revision: 0,
        lastStatus: null,
        lastError: null,
        createdAt: now,
      },
    ];
  });
}

/** The phase's Markdown post for each Discourse target, rendered once per language they ask for. */
async function discoursePosts(ports: Ports, meta: MatchMeta, phase: string): Promise<(t: WebhookTarget) => string | undefined> {
  const targets = (meta.webhooks?.targets ?? []).filter((t) => t.format === 'discourse');
  if (targets.length === 0) return () => undefined;
  const loaded = await loadMeta(ports, meta.id);
  const input = await phasePostInput(ports, loaded, phase, ports.siteUrl);
  const { phasePost } = await renderer();
  const posts = new Map<string, string>();
  for (const t of targets) {
    const lang = langOf(t, loaded.ruleset.homeLang);
    if (!posts.has(lang)) posts.set(lang, phasePost(input, { lang, format: 'discourse' }));
  }
  return (t) => posts.get(langOf(t, loaded.ruleset.homeLang));
}

async function names(ports: Ports, matchId: string) {
  return Object.fromEntries((await ports.store.listPlayers(matchId)).map((p) => [p.id, p.name]));
}

/**
 * Queues the public results of `phase` (just resolved, or ended by the GM) for every webhook. The key holds
 * a digest of those results: a retried finish queues nothing twice, a rollback's new results go out again.
 */
export async function announceResults(ports: Ports, meta: MatchMeta, phase: string): Promise<number> {
  if (!meta.webhooks?.targets.length) return 0;
  const events = (await ports.store.listEvents(meta.id, [phase]))
    .filter((e) => canRead(e, { as: 'public' }) && (CLOSING.includes(e.origin.kind) || e.origin.kind === 'forced-end'))
    .map((e) => e.event);
  const a: Announcement = {
    kind: 'results',
    match: { id: meta.id, name: meta.name, ruleset: meta.ruleset },
    phase,
    names: await names(ports, meta.id),
    events,
    next: { phase: meta.phase, deadline: meta.status === 'running' ? meta.deadline : null, winner: meta.winner },
  };
  const digest = createHash('sha256').update(JSON.stringify(events)).digest('hex').slice(0, 16);
  return enqueue(ports, items(ports, meta, a, digest, null, await discoursePosts(ports, meta, phase)));
}

/**
 * Queues a reminder for every running match whose deadline is within its `remindBeforeMinutes`: one per
 * deadline (the key holds it), a fresh one when the deadline moves, none while paused or after the end.
 */
export async function remindDue(ports: Ports): Promise<number> {
  const now = ports.clock.now();
  const soon = await ports.store.dueMatches(now + MAX_REMIND_MINUTES * 60_000, 200);
  let queued = 0;
  for (const meta of soon) {
    const remind = meta.webhooks?.remindBeforeMinutes ?? 0;
    if (meta.status !== 'running' || meta.phase === null || meta.deadline === null || remind === 0) continue;
    if (meta.phaseStatus !== 'open' || meta.closeRequestedAt !== null) continue;
    if (now < meta.deadline - remind * 60_000 || now >= meta.deadline) continue;
    const a: Announcement = {
      kind: 'reminder',
      match: { id: meta.id, name: meta.name, ruleset: meta.ruleset },
      phase: meta.phase,
      names: {},
      deadline: meta.deadline,
    };
    queued += await enqueue(ports, items(ports, meta, a, String(meta.deadline), meta.deadline));
  }
  return queued;
}
