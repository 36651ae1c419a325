// Webhook kind `discourse`: each phase's Markdown post, posted to a topic with the Discourse API (POST /posts.json).
// The API key is write-only: it lives in the match's webhooks, goes out as a header, and nowhere else.
import * as z from 'zod';
import type { MatchMeta, OutboxItem, WebhookTarget } from '../../records.js';
import { LANGS, type Lang } from '../../../texts/langs.js';

/** `{ format: 'discourse', url, topicId, apiUsername, apiKey, lang? }`; `url` is the forum's base URL. */
export const discourseTarget = (url: z.ZodType<string>) =>
  z
    .object({
      format: z.literal('discourse'),
      url,
      topicId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
      apiUsername: z.string().regex(/^[A-Za-z0-9_.-]{1,60}$/, 'a Discourse username'),
      apiKey: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, 'a Discourse API key'),
      lang: z.enum(LANGS).optional(),
    })
    .strict();

/** Where a target's posts go. */
export const postsUrl = (t: WebhookTarget) => `${t.url.replace(/\/+$/, '')}/posts.json`;

/** The language a Discourse target posts in: its own, else the ruleset community's (`Ruleset.homeLang`). */
export function langOf(t: WebhookTarget, homeLang: Lang): Lang {
  return t.lang ?? homeLang;
}

export const discourseBody = (t: WebhookTarget, raw: string) => JSON.stringify({ topic_id: t.topicId, raw });

/** A target as the GM reads it back: the key replaced by whether one is set. */
export function shownTarget(t: WebhookTarget): Omit<WebhookTarget, 'apiKey'> & { apiKey?: 'set' } {
  const { apiKey, ...rest } = t;
  return apiKey === undefined ? rest : { ...rest, apiKey: 'set' };
}

/**
 * The headers of a Discourse delivery, from the target it was queued for (same posts URL and topic) as the
 * match holds it now; null when that target is gone (the GM removed it), so the delivery is dropped.
 */
export function discourseHeaders(meta: MatchMeta | null, item: OutboxItem): Record<string, string> | null {
  let topic: unknown;
  try {
    topic = (JSON.parse(item.body) as { topic_id?: unknown }).topic_id;
  } catch {
    return null;
  }
  const t = meta?.webhooks?.targets.find((x) => x.format === 'discourse' && postsUrl(x) === item.url && x.topicId === topic);
  if (!t?.apiKey || !t.apiUsername) return null;
  return { 'Api-Key': t.apiKey, 'Api-Username': t.apiUsername };
}
