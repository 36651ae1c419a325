// Push while the page is open (issue 16, 47): each connection hears only of writes it may read, and is
// told the change as its reader may see it (decision 12); it connects with a ticket, never a token (decision 14).
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { effectsSettled, useStack } from '../setup/stack.js';
import { startSeven } from './lupus-table.js';

/** A start's or resolution's notice follows the consumer's publication of the phase (issue 47): a loaded machine may take seconds. */
const FINISH = { timeout: 15_000, interval: 50 };

// No sweeper: it finishes a start whose publish is still running (the mark makes the match due at
// once), and its own notice to everyone would arrive at a moment this test cannot tell from others.
const { stack, api } = useStack({ sweepEveryMs: 3_600_000 });

interface Listener {
  messages: string[];
  socket: WebSocket;
}

/** A socket for `token`'s holder, with a ticket asked for with the token (the GM's route for `gm`); a raw `ticket` as given. */
async function connect(matchId: string, token?: string, options: { gm?: boolean; ticket?: string } = {}): Promise<Listener> {
  let ticket = options.ticket;
  if (token) {
    const r = await api.post(`/api/matches/${matchId}/${options.gm ? 'gm/' : ''}live-ticket`, {}, token);
    if (r.status !== 201) throw new Error(`refused ${r.status}`);
    ticket = r.body.ticket;
  }
  const url = `${stack.url.replace(/^http/, 'ws')}/api/live?match=${matchId}${ticket ? `&ticket=${encodeURIComponent(ticket)}` : ''}`;
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const listener: Listener = { messages: [], socket };
    socket.on('message', (data) => {
      const text = String(data);
      if (JSON.parse(text).kind === 'hello') resolve(listener);
      else listener.messages.push(text);
    });
    socket.on('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    socket.on('error', reject);
  });
}

describe('push to open pages (issue 16)', () => {
  it('decision 6: a channel notice reaches its members only, a private one its player only, a public one everyone', async () => {
    const m = await startSeven(api);
    // The start's own effects (its pages' notice) run after its commit: let them pass before listening.
    await effectsSettled(stack);
    const [spectator, annaTab1, annaTab2, bruno, elena, carla, gm] = await Promise.all([
      connect(m.matchId),
      connect(m.matchId, m.tokens.anna),
      connect(m.matchId, m.tokens.anna),
      connect(m.matchId, m.tokens.bruno),
      connect(m.matchId, m.tokens.elena),
      connect(m.matchId, m.tokens.carla),
      connect(m.matchId, m.gm, { gm: true }),
    ]);
    const everyone = { spectator, annaTab1, annaTab2, bruno, elena, carla, gm };
    const counts = () => Object.fromEntries(Object.entries(everyone).map(([k, l]) => [k, l.messages.length]));

    // The pack talks: its members and the GM hear of it.
    expect((await api.post(`/api/matches/${m.matchId}/channels/pack/messages`, { text: 'tonight: carla' }, m.tokens.bruno)).status).toBe(
      201,
    );
    await expect.poll(() => elena.messages.length).toBe(1);
    // The seer looks: only her own pages (both tabs) and the GM.
    expect((await api.post(`/api/matches/${m.matchId}/me/actions`, { type: 'investigate', target: 'bruno' }, m.tokens.anna)).status).toBe(
      201,
    );
    await expect.poll(() => annaTab2.messages.length).toBe(1);
    // A public post, heard by all: after it, whatever else was coming has come.
    expect((await api.post(`/api/matches/${m.matchId}/channels/public/messages`, { text: 'good evening' }, m.tokens.carla)).status).toBe(
      201,
    );
    await expect.poll(() => spectator.messages.length).toBe(1);
    await expect.poll(() => gm.messages.length).toBe(3);
    await expect.poll(counts).toEqual({ spectator: 1, annaTab1: 2, annaTab2: 2, bruno: 2, elena: 2, carla: 1, gm: 3 });
    // Each is told the change as its reader may see it: the spectator the public post only; Carla never the pack's talk.
    const texts = (l: Listener) =>
      l.messages.flatMap((msg) => (JSON.parse(msg).events as Array<{ text?: string }>).flatMap((e) => (e.text ? [e.text] : [])));
    expect(texts(spectator)).toEqual(['good evening']);
    expect(texts(carla)).toEqual(['good evening']);
    expect(texts(elena)).toEqual(['tonight: carla', 'good evening']);
    for (const l of Object.values(everyone))
      for (const msg of l.messages) expect(JSON.parse(msg)).toMatchObject({ kind: 'change', match: m.matchId });

    // A phase change is everyone's news.
    expect((await api.post(`/api/matches/${m.matchId}/resolve`, { phase: 'night-1' }, m.gm)).status).toBe(200);
    // Told by the stream's consumer once it has published the phase (issue 47, decision 11).
    await expect.poll(() => spectator.messages.length, FINISH).toBeGreaterThanOrEqual(2);
    await expect.poll(() => carla.messages.length, FINISH).toBeGreaterThanOrEqual(2);
    for (const l of Object.values(everyone)) l.socket.close();
  });

  it('issue 16: a page open in the lobby hears of the start once, from the start itself', async () => {
    let lobby: Listener | undefined;
    const m = await startSeven(api, {}, 'seven', async (matchId) => {
      lobby = await connect(matchId);
    });
    await expect.poll(() => lobby!.messages.length, FINISH).toBe(1);
    expect(JSON.parse(lobby!.messages[0]!)).toEqual({ kind: 'change', match: m.matchId, events: [], reread: true });
    // Nothing else is on its way: a public post is the next and only other notice.
    expect((await api.post(`/api/matches/${m.matchId}/channels/public/messages`, { text: 'hello' }, m.tokens.carla)).status).toBe(201);
    await expect.poll(() => lobby!.messages.length).toBe(2);
    lobby!.socket.close();
  });

  it('decision 14: a connection needs a fresh ticket of the match, used once (or none, as a spectator); a token in the URL is no credential', async () => {
    const m = await startSeven(api);
    await expect(connect(m.matchId, `anna.${'x'.repeat(43)}`)).rejects.toThrow('refused 401');
    await expect(connect('no-such-match')).rejects.toThrow('refused 404');
    const other = await startSeven(api);
    await expect(connect(m.matchId, other.tokens.anna)).rejects.toThrow('refused 401');
    const otherTicket = (await api.post(`/api/matches/${other.matchId}/live-ticket`, {}, other.tokens.anna)).body.ticket as string;
    await expect(connect(m.matchId, undefined, { ticket: otherTicket })).rejects.toThrow('refused 401');
    const ticket = (await api.post(`/api/matches/${m.matchId}/live-ticket`, {}, m.tokens.anna)).body.ticket as string;
    const first = await connect(m.matchId, undefined, { ticket });
    await expect(connect(m.matchId, undefined, { ticket })).rejects.toThrow('refused 401');
    first.socket.close();
    const ok = await connect(m.matchId);
    ok.socket.close();
  });
});
