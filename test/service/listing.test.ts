// The public list of matches (functions/service/listing.ts), called directly on the stack's own store
// (DynamoDB Local, a table of this file's own): the order of the statuses, the page size, what an entry
// shows, and every cursor that is not one the list gave. The API's side is test/abuse/listing.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { sealText } from '../../functions/service/cursor-seal.js';
import { DEFAULT_LOBBY_LIFETIME_MS, listPage, lobbyCutoff, PAGE_SIZE, type ListEntry } from '../../functions/service/listing.js';
import { startSeven } from '../integration/lupus-table.js';
import { handClock } from '../setup/clock.js';
import { refusalOf } from '../setup/refusal.js';
import { useStack } from '../setup/stack.js';

const HOUR = 3_600_000;
const clock = handClock(Date.parse('2031-06-01T08:00:00Z'));
const { stack, api } = useStack({ clock, lobbyLifetimeMs: 2 * HOUR, sweepEveryMs: 3_600_000 });

const lobby = async (name: string) => {
  const r = await api.post('/api/matches', { ruleset: 'lupus', name });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  clock.t += 1_000;
  return r.body.matchId as string;
};
/** Every page from the first, `size` entries at a time. */
async function everyPage(size?: number): Promise<ListEntry[][]> {
  const pages: ListEntry[][] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await listPage(stack.ports, cursor, size);
    pages.push(page.matches);
    if (page.next === null) return pages;
    cursor = page.next;
  }
}

const ids = {} as Record<'old' | 'lobbyA' | 'lobbyB' | 'running' | 'paused' | 'ended' | 'imported', string>;
beforeAll(async () => {
  ids.old = await lobby('An old lobby');
  clock.t += 3 * HOUR; // past the lobby lifetime: it leaves the list
  ids.lobbyA = await lobby('Lobby A');
  ids.lobbyB = await lobby('Lobby B');
  const joined = await api.post(`/api/matches/${ids.lobbyB}/players`, { name: 'Zoe' });
  expect(joined.status).toBe(201);
  ids.running = (await startSeven(api, {}, 'listing-running')).matchId;
  clock.t += 1_000;
  const paused = await startSeven(api, {}, 'listing-paused');
  ids.paused = paused.matchId;
  expect((await api.post(`/api/matches/${paused.matchId}/pause`, {}, paused.gm)).status).toBe(200);
  clock.t += 1_000;
  const ended = await startSeven(api, {}, 'listing-ended');
  ids.ended = ended.matchId;
  expect((await api.post(`/api/matches/${ended.matchId}/end`, { winner: 'draw' }, ended.gm)).status).toBe(200);
  // An imported match is never listed (decision 9).
  const record = (await api.get(`/api/matches/${ended.matchId}/export`, ended.gm)).body;
  const imported = await api.post('/api/matches/import', record);
  expect(imported.status, JSON.stringify(imported.body).slice(0, 300)).toBe(201);
  ids.imported = imported.body.matchId;
});

describe('the public list', () => {
  it('lobbies newest first, then running, paused and ended matches; no expired lobby, no imported match', async () => {
    const [first, ...rest] = await everyPage();
    expect(rest).toEqual([]);
    expect(first!.map((m) => m.id)).toEqual([ids.lobbyB, ids.lobbyA, ids.running, ids.paused, ids.ended]);
    expect(first!.map((m) => m.status)).toEqual(['lobby', 'lobby', 'running', 'paused', 'ended']);
  });

  it('an entry is the public summary: name, ruleset, phase, deadline (none while paused), sandbox, creation time, players', async () => {
    const { matches } = await listPage(stack.ports);
    const byId = new Map(matches.map((m) => [m.id, m]));
    expect(Object.keys(byId.get(ids.lobbyB)!).sort()).toEqual([
      'createdAt',
      'deadline',
      'id',
      'name',
      'phase',
      'players',
      'ruleset',
      'sandbox',
      'status',
    ]);
    expect(byId.get(ids.lobbyB)).toMatchObject({
      name: 'Lobby B',
      ruleset: 'lupus',
      status: 'lobby',
      phase: null,
      deadline: null,
      sandbox: false,
      players: 1,
    });
    expect(byId.get(ids.lobbyA)).toMatchObject({ players: 0 });
    expect(byId.get(ids.lobbyB)!.createdAt).toBeGreaterThan(byId.get(ids.lobbyA)!.createdAt);
    const running = byId.get(ids.running)!;
    expect(running).toMatchObject({ status: 'running', phase: 'night-1', sandbox: true, players: 7 });
    expect(running.deadline).toBeGreaterThan(clock.now());
    expect(byId.get(ids.paused)).toMatchObject({ status: 'paused', phase: 'night-1', deadline: null, players: 7 });
    expect(byId.get(ids.ended)).toMatchObject({ status: 'ended', players: 7 });
  });

  it('pages of a given size cross from one status to the next, each match once, and the last page says there is none after', async () => {
    for (const size of [1, 2, 3, 4, 5]) {
      const pages = await everyPage(size);
      expect(
        pages.flat().map((m) => m.id),
        `size ${size}`,
      ).toEqual([ids.lobbyB, ids.lobbyA, ids.running, ids.paused, ids.ended]);
      for (const page of pages.slice(0, -1)) expect(page.length, `size ${size}`).toBe(size);
    }
    expect(PAGE_SIZE).toBe(50);
  });

  it('a lobby leaves the list when its lifetime is over, counted from its creation', async () => {
    expect(DEFAULT_LOBBY_LIFETIME_MS).toBe(7 * 24 * HOUR);
    expect(lobbyCutoff(stack.ports)).toBe(clock.now() - 2 * HOUR);
    const saved = clock.now();
    try {
      clock.t = saved + 2 * HOUR;
      const listed = (await listPage(stack.ports)).matches.map((m) => m.id);
      expect(listed).not.toContain(ids.lobbyA);
      expect(listed).toContain(ids.running);
    } finally {
      clock.t = saved;
    }
  });
});

describe('a cursor that is not one the list gave', () => {
  const refused = { reason: 'invalid-cursor', message: 'That cursor is not one this list gave.' };

  it('is refused: garbage, an overlong text, another scope’s sealed text', async () => {
    expect(await refusalOf(listPage(stack.ports, 'not-a-cursor'))).toEqual(refused);
    expect(await refusalOf(listPage(stack.ports, 'A'.repeat(1001)))).toEqual(refused);
    const key = await stack.ports.store.cursorKey();
    expect(await refusalOf(listPage(stack.ports, sealText(key, ids.running, JSON.stringify({ s: 0 }).padEnd(480))))).toEqual(refused);
    // The empty cursor is the first page.
    expect((await listPage(stack.ports, '')).matches.length).toBe(5);
  });

  it('is refused even when sealed with the list’s own key: not JSON, not the shape, a key outside its status or outside the matches', async () => {
    const key = await stack.ports.store.cursorKey();
    const forged = (text: string) => listPage(stack.ports, sealText(key, 'list#matches', text.padEnd(480, ' ')));
    const fine = await forged(JSON.stringify({ s: 2 }));
    expect(fine.matches.map((m) => m.id)).toEqual([ids.paused, ids.ended]);
    expect(fine.next).toBeNull();
    for (const text of [
      '{not json',
      JSON.stringify({ s: 4 }),
      JSON.stringify({ s: -1 }),
      JSON.stringify({ s: 1.5 }),
      JSON.stringify({ s: 0, extra: true }),
      JSON.stringify({ s: 0, k: { a: '1', b: '2', c: '3', d: '4', e: '5' } }),
      JSON.stringify({ s: 1, k: { gsi1pk: 'STATUS#running', pk: 'MATCH#x', gsi1sk: '1', sk: 'META', e: '5' } }),
      JSON.stringify({ s: 0, k: { gsi1pk: 'STATUS#running', pk: 'MATCH#x' } }),
      JSON.stringify({ s: 1, k: { gsi1pk: 'STATUS#running', pk: 'CONFIG' } }),
      JSON.stringify({ s: 1, k: { gsi1pk: 'STATUS#running' } }),
      JSON.stringify({ s: 1, k: { gsi1pk: 'STATUS#running', pk: 'MATCH#x', sk: 'y'.repeat(301) } }),
    ]) {
      expect(await refusalOf(forged(text)), text).toEqual(refused);
    }
  });

  it('a cursor the list gave goes on from where it stopped, and says so in one width', async () => {
    const first = await listPage(stack.ports, undefined, 3);
    expect(first.next).not.toBeNull();
    const second = await listPage(stack.ports, first.next!, 3);
    expect(second.matches.map((m) => m.id)).toEqual([ids.paused, ids.ended]);
    const other = await listPage(stack.ports, undefined, 1);
    expect(other.next!.length).toBe(first.next!.length);
  });
});

// Last in the file: these add matches and move the clock.
describe('how much one page reads of the store', () => {
  /** The ports, with a count of the list's store reads. */
  const counted = () => {
    const reads: string[] = [];
    const store = stack.ports.store;
    const listMatchPage: typeof store.listMatchPage = (status, options) => {
      reads.push(status);
      return store.listMatchPage(status, options);
    };
    return { reads, ports: { ...stack.ports, store: Object.assign(Object.create(store), { listMatchPage }) } };
  };

  it('one read per status for a short list, and none past the last status', async () => {
    const { reads, ports } = counted();
    const page = await listPage(ports);
    expect(page.matches).toHaveLength(5);
    expect(page.next).toBeNull();
    expect(reads).toEqual(['lobby', 'running', 'paused', 'ended']);
  });

  it('a later status with more matches than the page has room left fills the page and no more', async () => {
    const second = (await startSeven(api, {}, 'listing-running-2')).matchId;
    clock.t += 1_000;
    const pages = await everyPage(3);
    // The second page ends on the last match exactly; the store cannot know that, so an empty page may follow.
    expect(pages.map((p) => p.length).slice(0, 2)).toEqual([3, 3]);
    expect(pages.slice(2).flat()).toEqual([]);
    expect(
      pages
        .flat()
        .map((m) => m.id)
        .sort(),
    ).toEqual([ids.lobbyB, ids.lobbyA, ids.running, second, ids.paused, ids.ended].sort());
    expect(pages[0]!.slice(0, 2).map((m) => m.id)).toEqual([ids.lobbyB, ids.lobbyA]);
  });

  it('stops after eight reads when expired lobbies fill them, and goes on from there on the next page', async () => {
    const expired: string[] = [];
    for (let i = 0; i < 10; i++) expired.push(await lobby(`Expired ${i}`));
    clock.t += 3 * HOUR; // every lobby has expired now
    const { reads, ports } = counted();
    const first = await listPage(ports, undefined, 1);
    expect(first.matches).toEqual([]);
    expect(first.next).not.toBeNull();
    expect(reads).toEqual(new Array(8).fill('lobby'));
    const rest: ListEntry[] = [];
    for (let cursor = first.next; cursor !== null; ) {
      const page = await listPage(stack.ports, cursor, 1);
      rest.push(...page.matches);
      cursor = page.next;
    }
    expect(rest.map((m) => m.status)).toEqual(['running', 'running', 'paused', 'ended']);
  });
});
