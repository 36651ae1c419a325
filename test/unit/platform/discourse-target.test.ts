// Discourse targets (functions/service/toolkit/discourse.ts; ARCHITECTURE.md: the API key is write-only:
// it lives in the match's webhooks, goes out as a header, and nowhere else). What a GM may save, where the
// posts go, what the GM reads back, and the headers a delivery carries, from the match as it is now.
import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import type { MatchMeta, OutboxItem, WebhookTarget } from '../../../functions/records.js';
import { discourseBody, discourseHeaders, discourseTarget, postsUrl, shownTarget } from '../../../functions/service/toolkit/discourse.js';

const schema = discourseTarget(z.string().url());
const KEY = 'k'.repeat(16);
const valid = { format: 'discourse', url: 'https://forum.example.org', topicId: 42, apiUsername: 'dusk.gm-1_x', apiKey: KEY };

describe('a Discourse target as the GM saves it', () => {
  it('takes the forum, a topic, a username and a key, and a language of its own if the GM wants', () => {
    expect(schema.parse(valid)).toEqual(valid);
    expect(schema.parse({ ...valid, lang: 'ru' })).toEqual({ ...valid, lang: 'ru' });
    expect(
      schema.parse({ ...valid, apiKey: 'A'.repeat(128), apiUsername: 'u'.repeat(60), topicId: Number.MAX_SAFE_INTEGER }),
    ).toMatchObject({ topicId: Number.MAX_SAFE_INTEGER });
  });

  it('refuses anything else, naming what is wrong', () => {
    const refused = (change: Record<string, unknown>) => {
      const r = schema.safeParse({ ...valid, ...change });
      return r.success ? null : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    expect(refused({ format: 'discord' })).not.toBeNull();
    expect(refused({ url: 'not a url' })).not.toBeNull();
    for (const topicId of [0, -1, 1.5, Number.MAX_SAFE_INTEGER + 2, '42']) expect(refused({ topicId }), String(topicId)).not.toBeNull();
    expect(refused({ apiUsername: '' })).toEqual(['apiUsername: a Discourse username']);
    expect(refused({ apiUsername: 'u'.repeat(61) })).toEqual(['apiUsername: a Discourse username']);
    expect(refused({ apiUsername: 'gm name' })).toEqual(['apiUsername: a Discourse username']);
    expect(refused({ apiUsername: `x\ny` })).toEqual(['apiUsername: a Discourse username']);
    expect(refused({ apiKey: 'k'.repeat(15) })).toEqual(['apiKey: a Discourse API key']);
    expect(refused({ apiKey: 'k'.repeat(129) })).toEqual(['apiKey: a Discourse API key']);
    expect(refused({ apiKey: `${'k'.repeat(16)}!` })).toEqual(['apiKey: a Discourse API key']);
    expect(refused({ apiKey: `!${'k'.repeat(16)}` })).toEqual(['apiKey: a Discourse API key']);
    expect(refused({ lang: 'de' })).not.toBeNull();
    expect(refused({ chatId: '1' })).not.toBeNull();
  });
});

describe('a Discourse delivery', () => {
  const target = valid as WebhookTarget;

  it("posts to the forum's posts.json, whatever slashes end its address, with the topic and the Markdown", () => {
    expect(postsUrl(target)).toBe('https://forum.example.org/posts.json');
    expect(postsUrl({ ...target, url: 'https://forum.example.org/community//' })).toBe('https://forum.example.org/community/posts.json');
    expect(JSON.parse(discourseBody(target, '## Day 1'))).toEqual({ topic_id: 42, raw: '## Day 1' });
  });

  it('ARCHITECTURE the GM reads the key back as "set", never the key; a target without one shows none', () => {
    expect(shownTarget(target)).toEqual({ ...valid, apiKey: 'set' });
    const { apiKey: _key, ...keyless } = valid;
    expect(shownTarget(keyless as WebhookTarget)).toEqual(keyless);
    expect(JSON.stringify(shownTarget(target))).not.toContain(KEY);
  });

  it('ARCHITECTURE carries the key and username of the target it was queued for, as the match holds it now', () => {
    const meta = (targets: WebhookTarget[]) => ({ webhooks: { targets, remindBeforeMinutes: 0 } }) as unknown as MatchMeta;
    const item = (body: string, url = postsUrl(target)) => ({ url, body }) as OutboxItem;
    const other = { ...target, topicId: 7, apiKey: 'o'.repeat(16), apiUsername: 'other' };
    const json = { url: 'https://forum.example.org', format: 'json' } as WebhookTarget;
    expect(discourseHeaders(meta([json, other, target]), item(discourseBody(target, 'x')))).toEqual({
      'Api-Key': KEY,
      'Api-Username': 'dusk.gm-1_x',
    });
    // The GM changed the key since: the new one goes.
    expect(discourseHeaders(meta([{ ...target, apiKey: 'n'.repeat(16) }]), item(discourseBody(target, 'x')))).toEqual({
      'Api-Key': 'n'.repeat(16),
      'Api-Username': 'dusk.gm-1_x',
    });
    // Gone, moved to another topic or forum, or left without a key or a username: the delivery is dropped.
    expect(discourseHeaders(meta([other]), item(discourseBody(target, 'x')))).toBeNull();
    expect(discourseHeaders(meta([target]), item(discourseBody(target, 'x'), 'https://elsewhere.example/posts.json'))).toBeNull();
    expect(discourseHeaders(meta([{ ...target, apiKey: undefined }]), item(discourseBody(target, 'x')))).toBeNull();
    expect(discourseHeaders(meta([{ ...target, apiUsername: undefined }]), item(discourseBody(target, 'x')))).toBeNull();
    expect(discourseHeaders({ webhooks: null } as unknown as MatchMeta, item(discourseBody(target, 'x')))).toBeNull();
    expect(discourseHeaders(null, item(discourseBody(target, 'x')))).toBeNull();
    // A body that is not the one dusk queued: dropped, never thrown.
    expect(discourseHeaders(meta([target]), item('{not json'))).toBeNull();
    expect(discourseHeaders(meta([target]), item('{"raw":"x"}'))).toBeNull();
    // A JSON target at the same address is not a Discourse target.
    expect(
      discourseHeaders(meta([{ ...json, topicId: 42, apiKey: KEY, apiUsername: 'x' } as WebhookTarget]), item(discourseBody(target, 'x'))),
    ).toBeNull();
  });
});
