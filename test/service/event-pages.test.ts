// One page of a match's log as a reader may read it (functions/service/event-pages.ts, issue 16), called
// directly on the stack's own store (DynamoDB Local): what `limit` counts, how a read walks past the
// writes its reader cannot see, what each cursor says, and the refusals of a cursor or query that is
// not this match's. The API's side of it is test/integration/event-cursors.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  eventPage,
  MAX_PAGE_SIZE,
  PAGE_SIZE,
  readPageQuery,
  type EventPage,
  type ShownEvent,
} from '../../functions/service/event-pages.js';
import { DomainError } from '../../functions/service/errors.js';
import { startSeven, type SevenMatch } from '../integration/lupus-table.js';
import { refusalOf } from '../setup/refusal.js';
import { useStack } from '../setup/stack.js';

const { api, stack } = useStack();

const say = async (m: SevenMatch, who: string, text: string, channel = 'public') => {
  const r = await api.post(`/api/matches/${m.matchId}/channels/${channel}/messages`, { text }, m.tokens[who]);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
};
const texts = (page: EventPage) => page.events.filter((e) => e.kind === 'message').map((e) => (e as ShownEvent & { text: string }).text);
const anna = { as: 'player', id: 'anna' } as const;
const bruno = { as: 'player', id: 'bruno' } as const;
const page = (
  m: SevenMatch,
  reader: Parameters<typeof eventPage>[2],
  query: Parameters<typeof eventPage>[3] = {},
  keep?: (e: ShownEvent) => boolean,
) => eventPage(stack.ports, m.matchId, reader, query, keep);

describe('the query a read takes', () => {
  it('since, before and limit: a limit from 1 to 500 as a number or its text; since and before never together', () => {
    expect(readPageQuery({})).toEqual({});
    expect(readPageQuery({ limit: '7', since: 'abc' })).toEqual({ limit: 7, since: 'abc' });
    expect(readPageQuery({ limit: String(MAX_PAGE_SIZE) })).toEqual({ limit: 500 });
    expect(PAGE_SIZE).toBe(200);
    const refused = (raw: Record<string, string>) => {
      try {
        readPageQuery(raw);
      } catch (error) {
        if (error instanceof DomainError) return [error.reason, error.message];
      }
      return null;
    };
    expect(refused({ since: 'a', before: 'b' })).toEqual(['bad-cursor', 'query: since and before do not go together']);
    expect(refused({ limit: '0' })?.[1]).toMatch(/^limit: /);
    expect(refused({ limit: '501' })?.[1]).toMatch(/^limit: /);
    expect(refused({ limit: '2.5' })?.[1]).toMatch(/^limit: /);
    expect(refused({ since: 'x'.repeat(201) })?.[1]).toMatch(/^since: /);
    expect(refused({ before: 'x'.repeat(201), limit: '0' })).toEqual(['bad-cursor', expect.stringMatching(/^before: .*; limit: /)]);
  });
});

describe('a page of the log', () => {
  let m: SevenMatch;
  beforeAll(async () => {
    m = await startSeven(api, {}, 'event-pages');
    // Public talk, then the pack's own (Bruno and Elena are the wolves), then public again.
    for (let i = 1; i <= 3; i++) await say(m, 'anna', `public ${i}`);
    for (let i = 1; i <= 4; i++) await say(m, 'bruno', `pack ${i}`, 'pack');
    await say(m, 'carla', 'public 4');
  });

  it('the newest page counts only entries the reader sees, and points to the older page', async () => {
    const newest = await page(m, anna, { limit: 2 });
    expect(texts(newest)).toEqual(['public 3', 'public 4']);
    expect(newest.cursor.before).not.toBeNull();
    expect(newest.cursor).toMatchObject({ more: false, reset: false });
    const older = await page(m, anna, { before: newest.cursor.before!, limit: 2 });
    expect(texts(older)).toEqual(['public 1', 'public 2']);
    // What is before that is the start of the match, which Anna sees: one more page, then none.
    const oldest = await page(m, anna, { before: older.cursor.before!, limit: 50 });
    expect(oldest.events.length).toBeGreaterThan(0);
    expect(texts(oldest)).toEqual([]);
    expect(oldest.cursor.before).toBeNull();
    // Its `next` is its newest entry: what follows it is the page above.
    expect(texts(await page(m, anna, { since: oldest.cursor.next, limit: 2 }))).toEqual(['public 1', 'public 2']);
  });

  it('a wolf reads the pack’s messages in the same pages; a villager never, and his cursors skip them', async () => {
    const wolf = await page(m, bruno, { limit: 5 });
    expect(texts(wolf)).toEqual(['public 3', 'pack 1', 'pack 2', 'pack 3', 'pack 4', 'public 4'].slice(-5));
    const villager = await page(m, anna, { limit: 1 });
    expect(texts(villager)).toEqual(['public 4']);
    const villagerBefore = await page(m, anna, { before: villager.cursor.before!, limit: 1 });
    expect(texts(villagerBefore)).toEqual(['public 3']);
  });

  it('`keep` narrows to one channel; a page of nothing readable still answers a cursor', async () => {
    const pack = await page(m, bruno, { limit: 3 }, (e) => e.to === 'pack' && e.kind === 'message');
    expect(texts(pack)).toEqual(['pack 2', 'pack 3', 'pack 4']);
    expect(pack.events.every((e) => e.to === 'pack')).toBe(true);
    const none = await page(m, anna, {}, (e) => e.to === 'pack');
    expect(none.events).toEqual([]);
    expect(none.cursor).toMatchObject({ before: null, more: false, reset: false });
    // From the log's start, nothing new for Anna in the pack: asking again with it gives the same cursor.
    const again = await page(m, anna, { since: none.cursor.next }, (e) => e.to === 'pack');
    expect(again.events).toEqual([]);
    expect(again.cursor.next).toBe(none.cursor.next);
  });

  it('since: what is newer, `limit` entries at a time, `more` while there is more; the cursor stays put when nothing is', async () => {
    const start = await page(m, anna, { limit: 1 });
    await say(m, 'dario', 'since 1');
    await say(m, 'bruno', 'pack hidden', 'pack');
    await say(m, 'dario', 'since 2');
    await say(m, 'dario', 'since 3');
    const first = await page(m, anna, { since: start.cursor.next, limit: 2 });
    expect(texts(first)).toEqual(['since 1', 'since 2']);
    expect(first.cursor).toMatchObject({ more: true, before: null, reset: false });
    const second = await page(m, anna, { since: first.cursor.next, limit: 2 });
    expect(texts(second)).toEqual(['since 3']);
    expect(second.cursor.more).toBe(false);
    const quiet = await page(m, anna, { since: second.cursor.next, limit: 2 });
    expect(quiet.events).toEqual([]);
    expect(quiet.cursor).toEqual({ next: second.cursor.next, before: null, more: false, reset: false });
    // Another's secret written after it moves nothing for Anna.
    await say(m, 'elena', 'pack after', 'pack');
    const still = await page(m, anna, { since: second.cursor.next });
    expect(still.events).toEqual([]);
    expect(still.cursor.next).toBe(second.cursor.next);
    const wolf = await page(m, bruno, { since: first.cursor.next });
    expect(texts(wolf)).toEqual(['since 3', 'pack after']);
  });

  it('a cursor of another match, or no cursor at all, is refused bad-cursor', async () => {
    const other = await startSeven(api, {}, 'event-pages-other');
    const theirs = (await page(other, anna, {})).cursor.next;
    expect(await refusalOf(page(m, anna, { since: theirs }))).toEqual({
      reason: 'bad-cursor',
      message: "since must be a cursor this match's reads gave.",
    });
    expect(await refusalOf(page(m, anna, { before: 'not-a-cursor' }))).toEqual({
      reason: 'bad-cursor',
      message: "before must be a cursor this match's reads gave.",
    });
  });
});

describe('a read makes no store read it does not need (issue 17: read cost)', () => {
  it('what is newer, in one raw page: one read; the newest page of a short log: one read, not one more before its start', async () => {
    const m = await startSeven(api, {}, 'event-pages-reads');
    const start = await page(m, anna, {});
    await say(m, 'dario', 'once 1');
    await say(m, 'dario', 'once 2');
    const once = await page(m, anna, { since: start.cursor.next });
    expect(texts(once)).toEqual(['once 1', 'once 2']);
    // Two log items and the log's head, read once.
    expect(once.itemsRead).toBe(3);
    const log = await stack.ports.store.readLog(m.matchId, { limit: 500 });
    expect(log.more).toBe(false);
    const whole = await page(m, anna, { limit: 500 });
    expect(whole.cursor.before).toBeNull();
    // Decision 12: her copies (an entry with public events and her own has one of each), and the log's head.
    expect(whole.itemsRead).toBeLessThanOrEqual(2 * log.entries.length + 1);
    // A page that reaches its limit stops walking back there: one query of each of her streams.
    const two = await page(m, anna, { limit: 2 });
    expect(two.itemsRead).toBe(whole.itemsRead);
  });

  it('before a place with nothing older the reader may see: no events, and the cursor stays at that place', async () => {
    const m = await startSeven(api, {}, 'event-pages-before');
    await say(m, 'anna', 'one');
    await say(m, 'anna', 'two');
    const newest = await page(m, anna, { limit: 1 });
    expect(texts(newest)).toEqual(['two']);
    const nothing = await page(
      m,
      anna,
      { before: newest.cursor.before! },
      (e) => e.kind === 'message' && (e as { text?: string }).text === 'two',
    );
    expect(nothing.events).toEqual([]);
    expect(nothing.cursor).toEqual({ next: newest.cursor.before, before: null, more: false, reset: false });
  });
});

describe('a read never meets the writes its reader cannot see (decision 12: reads by audience)', () => {
  it('more than a raw page (100 log entries) of the pack’s talk between two public messages', async () => {
    const m = await startSeven(api, {}, 'event-pages-walk');
    const start = await page(m, anna, {});
    await say(m, 'anna', 'before the pack');
    const mark = await page(m, anna, { limit: 1 });
    for (let i = 0; i < 105; i++) await say(m, i % 2 ? 'bruno' : 'elena', `pack ${i}`, 'pack');
    await say(m, 'anna', 'after the pack');

    const since = await page(m, anna, { since: mark.cursor.next });
    expect(texts(since)).toEqual(['after the pack']);
    // The public message and the log's head: none of the pack's 105 items.
    expect(since.itemsRead).toBe(2);
    const all = await page(m, anna, { since: start.cursor.next, limit: 1 });
    expect(texts(all)).toEqual(['before the pack']);
    expect(all.cursor.more).toBe(true);

    const newest = await page(m, anna, { limit: 2 });
    expect(texts(newest)).toEqual(['before the pack', 'after the pack']);
    expect(newest.itemsRead).toBeLessThan(20);
    const wolf = await page(m, bruno, { limit: 106 });
    expect(texts(wolf)).toEqual([...Array.from({ length: 105 }, (_, i) => `pack ${i}`), 'after the pack']);
    expect(wolf.cursor.before).not.toBeNull();
    // A spectator's read meets the public items only, counted by the store adapter: none of the pack's.
    const spectator = await page(m, { as: 'public' }, { limit: 500 });
    const publicItems = (await stack.ports.store.readLog(m.matchId, { limit: 500 })).entries.filter((e) =>
      e.events.some((x) => x.event.to === 'public'),
    );
    expect(texts(spectator)).toEqual(['before the pack', 'after the pack']);
    expect(spectator.itemsRead).toBe(publicItems.length + 1);
  });
});

describe('a rollback rewrites the log', () => {
  it('a cursor held from before it is void: the answer is a first page, marked reset, in either direction', async () => {
    const m = await startSeven(api, {}, 'event-pages-reset');
    await say(m, 'anna', 'night talk');
    const held = await page(m, anna, { limit: 1 });
    const closed = await api.post(`/api/matches/${m.matchId}/resolve`, {}, m.gm);
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const rolled = await api.post(`/api/matches/${m.matchId}/rollback`, { phase: 'night-1' }, m.gm);
    expect(rolled.status, JSON.stringify(rolled.body)).toBe(200);

    const fresh = await page(m, anna, { limit: 50 });
    expect(fresh.cursor.reset).toBe(false);
    for (const query of [{ since: held.cursor.next }, { before: held.cursor.before! }]) {
      const after = await page(m, anna, { ...query, limit: 50 });
      expect(after.cursor.reset, JSON.stringify(query)).toBe(true);
      expect(after.events).toEqual(fresh.events);
      expect(after.cursor.more).toBe(false);
      expect(after.cursor.next).toBe(fresh.cursor.next);
    }
  });
});
