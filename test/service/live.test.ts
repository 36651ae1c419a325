// Push to open pages (functions/service/live.ts): who hears of a write, who a connecting page is, and a
// push that fails never failing the write. Called directly; tokens and META from the real store (DynamoDB
// Local through the AWS adapter), and the stack's own WebSocket channel for what a page receives.
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { StoredEvent } from '../../engine/core/events.js';
import { hears, liveMessage, notifyCommitted, readerFor, readerForTicket } from '../../functions/service/live.js';
import type { Ports } from '../../functions/ports.js';
import type { LiveConnection, LiveNotice, LogLevel, MatchMeta } from '../../functions/records.js';
import { lobbyWithAnna, startSeven, type SevenMatch } from '../integration/lupus-table.js';
import { handClock } from '../setup/clock.js';
import { useStack } from '../setup/stack.js';

const clock = handClock();
const { stack, api } = useStack({ clock, sweepEveryMs: 3_600_000 });

let m: SevenMatch;
let m2: SevenMatch;
let meta: MatchMeta;
beforeAll(async () => {
  [m, m2] = await Promise.all([startSeven(api, {}, 'live'), lobbyWithAnna(api)]);
  meta = (await stack.ports.store.getMeta(m.matchId))!;
});

const event = (to: string, extra: Partial<StoredEvent> = {}): StoredEvent => ({
  phase: 'night-1',
  seq: '0001',
  origin: { kind: 'close' },
  event: { kind: 'note', to } as StoredEvent['event'],
  ...extra,
});
const connection = (reader: LiveConnection['reader']): LiveConnection => ({ id: 'c', matchId: 'x', reader });
const gm = connection({ as: 'gm' });
const spectator = connection({ as: 'public' });
const anna = connection({ as: 'player', id: 'anna' });
const forged = (token: string) => `${token.slice(0, token.indexOf('.') + 1)}${'A'.repeat(token.length - token.indexOf('.') - 1)}`;

describe('who hears of a write', () => {
  it('a page is told the change itself (decision 12): the events its reader may read, the new count, or to read again', () => {
    const note = (to: string, extra: Partial<StoredEvent> = {}) => event(to, extra);
    const write = { events: [note('public'), note('anna'), note('wolves', { readers: ['bruno'] })], votes: { lines: [] } };
    expect(JSON.parse(liveMessage('abc-1', spectator, write))).toEqual({
      kind: 'change',
      match: 'abc-1',
      events: [{ phase: 'night-1', kind: 'note', to: 'public' }],
      votes: { lines: [] },
    });
    expect(JSON.parse(liveMessage('abc-1', anna, write)).events).toEqual([
      { phase: 'night-1', kind: 'note', to: 'public' },
      { phase: 'night-1', kind: 'note', to: 'anna' },
    ]);
    expect(JSON.parse(liveMessage('abc-1', gm, write)).events).toHaveLength(3);
    expect(JSON.parse(liveMessage('abc-1', anna, { events: [], everyone: true }))).toEqual({
      kind: 'change',
      match: 'abc-1',
      events: [],
      reread: true,
    });
    // Too large for one frame: no events, read them.
    const long = { events: [{ ...note('public'), event: { kind: 'message', to: 'public', text: 'x'.repeat(130_000) } }] };
    expect(JSON.parse(liveMessage('abc-1', spectator, long))).toEqual({ kind: 'change', match: 'abc-1', events: [], reread: true });
  });

  it('a new vote count reaches every page, whoever cast it', () => {
    expect(hears(spectator, { events: [], votes: null })).toBe(true);
  });

  it('the GM hears of every write, even one that stored nothing', () => {
    expect(hears(gm, { events: [] })).toBe(true);
    expect(hears(gm, { events: [event('bruno')] })).toBe(true);
  });

  it('a change everyone may know of (a new phase, a pause) reaches every page', () => {
    expect(hears(spectator, { events: [], everyone: true })).toBe(true);
    expect(hears(anna, { events: [event('bruno')], everyone: true })).toBe(true);
  });

  it('a spectator hears only of public events', () => {
    expect(hears(spectator, { events: [event('public')] })).toBe(true);
    expect(hears(spectator, { events: [event('anna')] })).toBe(false);
    expect(hears(spectator, { events: [] })).toBe(false);
    expect(hears(spectator, { events: [], actor: 'anna' })).toBe(false);
    expect(hears(spectator, { events: [], everyone: false })).toBe(false);
  });

  it('a player hears of his own writes (a check stores nothing he reads), of events he may read, and of nothing else', () => {
    expect(hears(anna, { events: [], actor: 'anna' })).toBe(true);
    expect(hears(anna, { events: [], actor: 'bruno' })).toBe(false);
    expect(hears(anna, { events: [] })).toBe(false);
    expect(hears(anna, { events: [event('bruno')], actor: 'bruno' })).toBe(false);
    expect(hears(anna, { events: [event('bruno'), event('anna')], actor: 'bruno' })).toBe(true);
    expect(hears(anna, { events: [event('public')] })).toBe(true);
    // A channel's event reaches its readers; one with an audience reaches each addressee.
    expect(hears(anna, { events: [event('wolves', { readers: ['bruno', 'anna'] })] })).toBe(true);
    expect(hears(anna, { events: [event('wolves', { readers: ['bruno'] })] })).toBe(false);
    expect(hears(anna, { events: [event('bruno', { audience: ['bruno', 'anna'] })] })).toBe(true);
  });
});

describe('who a connecting page is', () => {
  it("no token is a spectator; the GM's and a player's own tokens are who they say", async () => {
    const store = stack.ports.store;
    expect(await readerFor(store, meta, undefined)).toEqual({ as: 'public' });
    expect(await readerFor(store, meta, '')).toEqual({ as: 'public' });
    expect(await readerFor(store, meta, m.gm)).toEqual({ as: 'gm' });
    expect(await readerFor(store, meta, m.tokens.anna!)).toEqual({ as: 'player', id: 'anna' });
    expect(await readerFor(store, meta, m.tokens.gina!)).toEqual({ as: 'player', id: 'gina' });
  });

  it("any other token is refused: another match's GM or player, a forged secret, a seat that does not exist, no form at all", async () => {
    const store = stack.ports.store;
    expect(await readerFor(store, meta, m2.gm)).toBeNull();
    expect(await readerFor(store, meta, m2.tokens.anna!)).toBeNull();
    expect(await readerFor(store, meta, forged(m.tokens.anna!))).toBeNull();
    expect(await readerFor(store, meta, forged(m.gm))).toBeNull();
    expect(await readerFor(store, meta, `zed.${'A'.repeat(43)}`)).toBeNull();
    expect(await readerFor(store, meta, 'junk')).toBeNull();
  });
});

describe('a socket connects with a ticket, never a token (decision 14)', () => {
  const ticketOf = async (token: string, path = 'live-ticket') => {
    const r = await api.post(`/api/matches/${m.matchId}/${path}`, {}, token);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body.ticket as string;
  };

  it('a ticket is the reader it was issued to, once; a used, unknown or other match’s ticket is refused; no ticket is a spectator', async () => {
    const store = stack.ports.store;
    const ticket = await ticketOf(m.tokens.anna!);
    expect(ticket).not.toContain(m.tokens.anna!.split('.')[1]!);
    const now = clock.now();
    expect(await readerForTicket(store, meta, undefined, now)).toEqual({ as: 'public' });
    const meta2 = (await store.getMeta(m2.matchId))!;
    expect(await readerForTicket(store, meta2, await ticketOf(m.tokens.bruno!), now)).toBeNull();
    expect(await readerForTicket(store, meta, ticket, now)).toEqual({ as: 'player', id: 'anna' });
    expect(await readerForTicket(store, meta, ticket, now)).toBeNull();
    expect(await readerForTicket(store, meta, 'A'.repeat(32), now)).toBeNull();
    expect(await readerForTicket(store, meta, await ticketOf(m.gm, 'gm/live-ticket'), now)).toEqual({ as: 'gm' });
  });

  it('a ticket lapses after 30 s', async () => {
    const ticket = await ticketOf(m.tokens.carla!);
    expect(await readerForTicket(stack.ports.store, meta, ticket, clock.now() + 31_000)).toBeNull();
  });

  it('a GM’s token asks the GM’s route; a player’s the player’s; a forged token gets no ticket', async () => {
    expect((await api.post(`/api/matches/${m.matchId}/live-ticket`, {}, m.gm)).status).toBe(403);
    expect((await api.post(`/api/matches/${m.matchId}/gm/live-ticket`, {}, m.tokens.anna!)).status).toBe(403);
    expect((await api.post(`/api/matches/${m.matchId}/live-ticket`, {}, forged(m.tokens.anna!))).status).toBe(401);
  });
});

describe('telling open pages of a committed write', () => {
  /** A page open on the match through the stack's WebSocket channel (with a ticket for `token`): the messages it received. */
  async function page(token?: string): Promise<{ got: string[]; close(): void }> {
    const ticketPath = token === m.gm ? 'gm/live-ticket' : 'live-ticket';
    const ticket = token ? (await api.post(`/api/matches/${m.matchId}/${ticketPath}`, {}, token)).body.ticket : undefined;
    const url = `${stack.url.replace(/^http/, 'ws')}/api/live?match=${m.matchId}${ticket ? `&ticket=${encodeURIComponent(ticket)}` : ''}`;
    const ws = new WebSocket(url);
    const got: string[] = [];
    await new Promise<void>((ready, fail) => {
      ws.on('message', (data) => {
        got.push(String(data));
        if (got.length === 1) ready();
      });
      ws.on('error', fail);
    });
    got.length = 0;
    return { got, close: () => ws.close() };
  }
  const settle = () => new Promise((done) => setTimeout(done, 150));

  it('every page hears of a change for everyone; only the pages that may read a private event hear of it', async () => {
    const [spectating, annas, gms] = await Promise.all([page(), page(m.tokens.anna), page(m.gm)]);
    try {
      await notifyCommitted(stack.ports, m.matchId, { events: [], everyone: true });
      await settle();
      const reread = liveMessage(m.matchId, spectator, { events: [], everyone: true });
      expect([spectating.got, annas.got, gms.got]).toEqual([[reread], [reread], [reread]]);
      await notifyCommitted(stack.ports, m.matchId, { events: [event('anna')] });
      await settle();
      expect([spectating.got.length, annas.got.length, gms.got.length]).toEqual([1, 2, 2]);
    } finally {
      for (const p of [spectating, annas, gms]) p.close();
    }
  });

  it('without a live channel (pages poll) nothing is pushed and nothing fails', async () => {
    const { live: _none, ...ports } = stack.ports;
    const logged: unknown[] = [];
    await expect(
      notifyCommitted({ ...ports, telemetry: { log: (...a) => logged.push(a), metric: () => undefined } }, m.matchId, { events: [] }),
    ).resolves.toBeUndefined();
    expect(logged).toEqual([]);
  });

  it('the channel hears of the write as committed: the match and the notice, unchanged', async () => {
    const heard: [string, LiveNotice][] = [];
    const notice: LiveNotice = { events: [event('anna')], actor: 'anna' };
    await notifyCommitted({ ...stack.ports, live: { announce: async (id, n) => void heard.push([id, n]) } }, m.matchId, notice);
    expect(heard).toEqual([[m.matchId, notice]]);
  });

  it('a push that fails never fails the write: the operator reads one warning with the match and the error', async () => {
    const logged: [LogLevel, string, Record<string, unknown> | undefined][] = [];
    const ports: Ports = {
      ...stack.ports,
      // A push gateway that is down (API Gateway's management API refusing): a fault the local channel cannot make.
      live: { announce: () => Promise.reject(new Error('gateway down')) },
      telemetry: { log: (level, message, fields) => logged.push([level, message, fields]), metric: () => undefined },
    };
    await expect(notifyCommitted(ports, m.matchId, { events: [], everyone: true })).resolves.toBeUndefined();
    expect(logged).toEqual([['warn', 'live push failed', { matchId: m.matchId, error: 'Error: gateway down' }]]);
  });
});

describe('a seat that changes hands (decision 14)', () => {
  it('its open socket is closed when the GM substitutes the player, and the old token gets no new ticket', async () => {
    const ticket = (await api.post(`/api/matches/${m.matchId}/live-ticket`, {}, m.tokens.gina!)).body.ticket as string;
    const ws = new WebSocket(`${stack.url.replace(/^http/, 'ws')}/api/live?match=${m.matchId}&ticket=${encodeURIComponent(ticket)}`);
    const closed = new Promise<number>((done) => ws.on('close', (code) => done(code)));
    await new Promise<void>((ready, fail) => {
      ws.once('message', () => ready());
      ws.on('error', fail);
    });
    const sub = await api.post(`/api/matches/${m.matchId}/players/gina/substitute`, { name: 'Greta' }, m.gm);
    expect(sub.status, JSON.stringify(sub.body)).toBe(200);
    expect(await closed).toBe(4001);
    expect((await api.post(`/api/matches/${m.matchId}/live-ticket`, {}, m.tokens.gina!)).status).toBe(401);
  });
});
