// Push while the page is open (issue 16): each connection hears only of writes it may read; the
// notice carries nothing but "something new in this match".
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { useStack } from '../setup/stack.js';
import { startSeven } from './lupus-table.js';

// No sweeper: it finishes a start whose publish is still running (the mark makes the match due at
// once), and its own notice to everyone would arrive at a moment this test cannot tell from others.
const { stack, api } = useStack({ sweepEveryMs: 3_600_000 });

interface Listener {
  messages: string[];
  socket: WebSocket;
}

function connect(matchId: string, token?: string): Promise<Listener> {
  const url = `${stack.url.replace(/^http/, 'ws')}/api/live?match=${matchId}${token ? `&token=${encodeURIComponent(token)}` : ''}`;
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
    const [spectator, annaTab1, annaTab2, bruno, elena, carla, gm] = await Promise.all([
      connect(m.matchId),
      connect(m.matchId, m.tokens.anna),
      connect(m.matchId, m.tokens.anna),
      connect(m.matchId, m.tokens.bruno),
      connect(m.matchId, m.tokens.elena),
      connect(m.matchId, m.tokens.carla),
      connect(m.matchId, m.gm),
    ]);
    const everyone = { spectator, annaTab1, annaTab2, bruno, elena, carla, gm };
    const counts = () => Object.fromEntries(Object.entries(everyone).map(([k, l]) => [k, l.messages.length]));

    // The pack talks: its members and the GM hear of it.
    expect((await api.post(`/api/matches/${m.matchId}/channels/pack/messages`, { text: 'tonight: carla' }, m.tokens.bruno)).status).toBe(201);
    await expect.poll(() => elena.messages.length).toBe(1);
    // The seer looks: only her own pages (both tabs) and the GM.
    expect((await api.post(`/api/matches/${m.matchId}/me/actions`, { type: 'investigate', target: 'bruno' }, m.tokens.anna)).status).toBe(201);
    await expect.poll(() => annaTab2.messages.length).toBe(1);
    // A public post, heard by all: after it, whatever else was coming has come.
    expect((await api.post(`/api/matches/${m.matchId}/channels/public/messages`, { text: 'good evening' }, m.tokens.carla)).status).toBe(201);
    await expect.poll(() => spectator.messages.length).toBe(1);
    await expect.poll(() => gm.messages.length).toBe(3);
    await expect.poll(counts).toEqual({ spectator: 1, annaTab1: 2, annaTab2: 2, bruno: 2, elena: 2, carla: 1, gm: 3 });
    // Every notice is the same few bytes: no text, no author, no channel.
    for (const l of Object.values(everyone)) for (const msg of l.messages) expect(JSON.parse(msg)).toEqual({ kind: 'new', match: m.matchId });

    // A phase change is everyone's news.
    expect((await api.post(`/api/matches/${m.matchId}/resolve`, { phase: 'night-1' }, m.gm)).status).toBe(200);
    await expect.poll(() => spectator.messages.length).toBeGreaterThanOrEqual(2);
    await expect.poll(() => carla.messages.length).toBeGreaterThanOrEqual(2);
    for (const l of Object.values(everyone)) l.socket.close();
  });

  it('issue 16: a page open in the lobby hears of the start once, from the start itself', async () => {
    let lobby: Listener | undefined;
    const m = await startSeven(api, {}, 'seven', async (matchId) => {
      lobby = await connect(matchId);
    });
    await expect.poll(() => lobby!.messages.length).toBe(1);
    expect(JSON.parse(lobby!.messages[0]!)).toEqual({ kind: 'new', match: m.matchId });
    // Nothing else is on its way: a public post is the next and only other notice.
    expect((await api.post(`/api/matches/${m.matchId}/channels/public/messages`, { text: 'hello' }, m.tokens.carla)).status).toBe(201);
    await expect.poll(() => lobby!.messages.length).toBe(2);
    lobby!.socket.close();
  });

  it('issue 16: a connection needs a valid token of the match (or none, as a spectator)', async () => {
    const m = await startSeven(api);
    await expect(connect(m.matchId, `anna.${'x'.repeat(43)}`)).rejects.toThrow('refused 401');
    await expect(connect('no-such-match')).rejects.toThrow('refused 404');
    const other = await startSeven(api);
    await expect(connect(m.matchId, other.tokens.anna)).rejects.toThrow('refused 401');
    const ok = await connect(m.matchId);
    ok.socket.close();
  });
});
