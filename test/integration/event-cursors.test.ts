// Incremental reads (issue 16): every stored event has a place in its match's log; reads after a cursor
// return only what is newer, first loads come in pages, unchanged views answer 304.
import { describe, expect, it } from 'vitest';
import { useStack } from '../setup/stack.js';
import { startSeven, SEVEN, type SevenMatch } from './lupus-table.js';

const { api, stack } = useStack();

const messageTexts = (events: any[]) => events.filter((e) => e.kind === 'message').map((e) => e.text as string);
const say = (m: SevenMatch, who: string, text: string, channel = 'public') =>
  api.post(`/api/matches/${m.matchId}/channels/${channel}/messages`, { text }, m.tokens[who]);

/** Reads `path` page by page with `since`, until nothing is newer; returns the events and the last cursor. */
async function drain(path: string, token: string | undefined, since: string, limit: number) {
  const events: any[] = [];
  let cursor = since;
  for (;;) {
    const r = await api.get(`${path}?since=${cursor}&limit=${limit}`, token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.cursor.reset).toBe(false);
    events.push(...(r.body.events ?? r.body.messages));
    cursor = r.body.cursor.next;
    if (!r.body.cursor.more) return { events, cursor };
  }
}

/** The whole history through the older pages: newest page first, then `before` until there is none. */
async function allPages(path: string, token: string | undefined, limit: number) {
  const pages: any[][] = [];
  let r = await api.get(`${path}?limit=${limit}`, token);
  pages.push(r.body.events);
  const next = r.body.cursor.next as string;
  while (r.body.cursor.before) {
    r = await api.get(`${path}?before=${r.body.cursor.before}&limit=${limit}`, token);
    expect(r.status).toBe(200);
    pages.push(r.body.events);
  }
  return { events: pages.reverse().flat(), next };
}

describe('incremental reads with cursors (issue 16)', () => {
  it('decision 6: secret writes move no cursor and no tag of a reader who cannot see them (no counts, no timing)', async () => {
    const m = await startSeven(api);
    const spectate = `${stack.url}/api/matches/${m.matchId}/spectate`;
    const me = `/api/matches/${m.matchId}/me`;
    const spectator = await (await fetch(spectate)).json();
    const carla = (await api.get(me, m.tokens.carla)).body;
    const tagOf = async (url: string, init?: RequestInit) => (await fetch(url, init)).headers.get('etag');
    const spectatorTag = await tagOf(`${spectate}?since=${spectator.cursor.next}`);
    // The pack talks, the seer looks: nothing of it is carla's or the public's to know.
    for (let i = 0; i < 5; i++) expect((await say(m, i % 2 ? 'bruno' : 'elena', `pack ${i}`, 'pack')).status).toBe(201);
    const seen = await api.post(`${me}/actions`, { type: 'investigate', target: 'bruno' }, m.tokens.anna);
    expect(seen.status, JSON.stringify(seen.body)).toBe(201);
    const spectatorAfter = await (await fetch(`${spectate}?since=${spectator.cursor.next}`)).json();
    expect(spectatorAfter.events).toEqual([]);
    expect(spectatorAfter.cursor.next).toBe(spectator.cursor.next);
    expect(await tagOf(`${spectate}?since=${spectator.cursor.next}`)).toBe(spectatorTag);
    const carlaAfter = (await api.get(`${me}?since=${carla.cursor.next}`, m.tokens.carla)).body;
    expect(carlaAfter.events).toEqual([]);
    expect(carlaAfter.cursor.next).toBe(carla.cursor.next);
    // Paging one entry at a time shows the same public history however many secret writes lie between.
    const paged = await allPages(`/api/matches/${m.matchId}/spectate`, undefined, 1);
    expect(paged.events).toEqual((await (await fetch(`${spectate}?limit=500`)).json()).events);
    // The pack's members see their talk as it comes.
    const elena = (await api.get(`/api/matches/${m.matchId}/channels/pack/messages`, m.tokens.elena)).body;
    expect(elena.messages.map((e: any) => e.text)).toEqual([0, 1, 2, 3, 4].map((i) => `pack ${i}`));
  });

  it('issue 16: no event is skipped or repeated across pages, parallel writes and a phase change', { timeout: 240_000 }, async () => {
    const m = await startSeven(api);
    const me = `/api/matches/${m.matchId}/me`;
    const first = await api.get(me, m.tokens.anna);
    expect(first.status).toBe(200);
    let cursor = first.body.cursor.next as string;
    const seen: string[] = messageTexts(first.body.events);

    const texts: string[] = [];
    for (let round = 0; round < 4; round++) {
      // Seven players post at once: their writes race for the next log positions.
      const batch = SEVEN.flatMap((p) => [0, 1].map((i) => `r${round}-${p.id}-${i}`));
      texts.push(...batch);
      const readers = drain(me, m.tokens.anna, cursor, 3);
      const posted = await Promise.all(batch.map((t) => say(m, t.split('-')[1]!, t)));
      for (const p of posted) expect(p.status, JSON.stringify(p.body)).toBe(201);
      const during = await readers;
      const after = await drain(me, m.tokens.anna, during.cursor, 3);
      seen.push(...messageTexts(during.events), ...messageTexts(after.events));
      cursor = after.cursor;
      if (round === 1) {
        const resolved = await api.post(`/api/matches/${m.matchId}/resolve`, { phase: 'night-1' }, m.gm);
        expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
        await expect.poll(async () => (await api.get(`/api/matches/${m.matchId}`)).body.phase).toBe('day-1');
      }
    }
    // Each message once (the posts raced, so their order is the log's, checked against the pages below).
    expect([...seen].sort()).toEqual([...texts].sort());

    // Older pages, three writes each, give the same history as one large page, in the same order.
    const paged = await allPages(me, m.tokens.anna, 3);
    const whole = await api.get(`${me}?limit=500`, m.tokens.anna);
    expect(paged.events).toEqual(whole.body.events);
    expect(whole.body.cursor.before).toBeNull();
    expect(messageTexts(paged.events)).toEqual(seen);
    // The close of night-1 and the opening of day-1 are in the incremental reads as in the pages.
    expect(whole.body.events.some((e: any) => e.phase === 'day-1')).toBe(true);
    // A cursor at the head has nothing newer.
    const none = await api.get(`${me}?since=${paged.next}`, m.tokens.anna);
    expect(none.body.events).toEqual([]);
    expect(none.body.cursor.next).toBe(paged.next);
  });

  it('issue 16: after a GM rollback a held cursor is reset, the discarded events are gone, new ones come once', async () => {
    const m = await startSeven(api);
    const me = `/api/matches/${m.matchId}/me`;
    await say(m, 'anna', 'before the close');
    await api.post(`/api/matches/${m.matchId}/resolve`, { phase: 'night-1' }, m.gm);
    await expect.poll(async () => (await api.get(`/api/matches/${m.matchId}`)).body.phase).toBe('day-1');
    await say(m, 'anna', 'in day one');
    const held = (await api.get(me, m.tokens.anna)).body;
    expect(held.events.some((e: any) => e.phase === 'day-1')).toBe(true);

    const back = await api.post(`/api/matches/${m.matchId}/rollback`, { phase: 'night-1' }, m.gm);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const after = await api.get(`${me}?since=${held.cursor.next}`, m.tokens.anna);
    expect(after.status).toBe(200);
    expect(after.body.cursor.reset).toBe(true);
    expect(after.body.events.some((e: any) => e.phase === 'day-1')).toBe(false);
    expect(messageTexts(after.body.events)).toEqual(['before the close']);

    await say(m, 'carla', 'night again');
    const fresh = await drain(me, m.tokens.anna, after.body.cursor.next, 2);
    expect(messageTexts(fresh.events)).toEqual(['night again']);
    const again = await api.get(`${me}?since=${fresh.cursor}`, m.tokens.anna);
    expect(again.body.events).toEqual([]);
  });

  it('issue 16: an unchanged view answers 304 to If-None-Match; a change gives a new body and tag', async () => {
    const m = await startSeven(api);
    const url = `${stack.url}/api/matches/${m.matchId}/spectate`;
    const one = await fetch(url);
    const tag = one.headers.get('etag');
    // Weak when the body went out compressed (the bytes differ from the digested ones), strong otherwise.
    expect(tag).toMatch(/^(W\/)?"[^"]+"$/);
    const body = await one.json();
    const same = await fetch(`${url}?since=${body.cursor.next}`);
    const sameTag = same.headers.get('etag')!;
    const unchanged = await fetch(`${url}?since=${body.cursor.next}`, { headers: { 'if-none-match': sameTag } });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');
    await say(m, 'dario', 'hello square');
    const changed = await fetch(`${url}?since=${body.cursor.next}`, { headers: { 'if-none-match': sameTag } });
    expect(changed.status).toBe(200);
    expect(messageTexts((await changed.json()).events)).toEqual(['hello square']);
  });

  it('issue 16: channel reads page with cursors and stay members-only; a bad cursor is refused', async () => {
    const m = await startSeven(api);
    const pack = `/api/matches/${m.matchId}/channels/pack/messages`;
    const start = await api.get(pack, m.tokens.bruno);
    expect(start.status).toBe(200);
    await say(m, 'bruno', 'wolf talk', 'pack');
    await say(m, 'anna', 'square talk');
    const next = await api.get(`${pack}?since=${start.body.cursor.next}`, m.tokens.elena);
    expect(next.body.messages.map((e: any) => e.text)).toEqual(['wolf talk']);
    const outsider = await api.get(`${pack}?since=${start.body.cursor.next}`, m.tokens.anna);
    expect(outsider.status).toBe(403);
    expect(outsider.body.error.code).toBe('channel-forbidden');
    // A cursor is sealed: made-up places, another match's cursors and tampered ones are refused.
    const other = await startSeven(api);
    const foreign = (await api.get(`/api/matches/${other.matchId}/me`, other.tokens.anna)).body.cursor.next as string;
    const own = start.body.cursor.next as string;
    const tampered = `${own.slice(0, 20)}${own[20] === 'A' ? 'B' : 'A'}${own.slice(21)}`;
    for (const bad of ['x', '0.1.0', '1.2.3.4', foreign, tampered]) {
      const r = await api.get(`/api/matches/${m.matchId}/me?since=${bad}`, m.tokens.anna);
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('bad-cursor');
    }
    const both = await api.get(`/api/matches/${m.matchId}/me?since=${own}&before=${own}`, m.tokens.anna);
    expect(both.body.error.code).toBe('bad-cursor');
  });
});
