// Names (decision 10) and reserved player ids (ARCHITECTURE, ids), through the API: every look-alike
// of the security review is refused next to `Anna`, at join and at substitution, and changes nothing.
import { describe, expect, it } from 'vitest';
import { useStack } from '../setup/stack.js';
import { startSeven } from './lupus-table.js';

const { api } = useStack();

/** Issue 13's look-alikes of `Anna`, and the answer each gets. */
const LOOK_ALIKES: Array<[string, string, string]> = [
  ['Anna + U+200B', 'Anna\u200b', 'invalid-name'],
  ['Anna + U+200F', 'Anna\u200f', 'invalid-name'],
  ['Cyrillic А', '\u0410nna', 'name-taken'],
  ['full-width Ａ', '\uff21nna', 'name-taken'],
  ['full-width Ａｎｎａ', '\uff21\uff4e\uff4e\uff41', 'name-taken'],
  ['soft hyphen', 'An\u00adna', 'invalid-name'],
  ['tag character', 'Anna\u{E0041}', 'invalid-name'],
  ['only U+3164', '\u3164\u3164', 'invalid-name'],
  ['only U+2800', '\u2800\u2800\u2800', 'invalid-name'],
  ['another case', 'ANNA', 'name-taken'],
  ['bidi override', '\u202eannA', 'invalid-name'],
  ['blank', '   ', 'invalid-name'],
  ['41 characters', 'A'.repeat(41), 'invalid-name'],
];

async function lobby(ruleset = 'lupus') {
  const created = await api.post('/api/matches', { ruleset, name: 'Names', sandbox: true });
  expect(created.status).toBe(201);
  return created.body as { matchId: string; gmToken: string };
}

describe('decision 10: names', () => {
  it.each(LOOK_ALIKES)('decision 10: a join as %s next to Anna is refused and changes nothing', async (_label, name, code) => {
    const { matchId } = await lobby();
    expect((await api.post(`/api/matches/${matchId}/players`, { name: 'Anna' })).status).toBe(201);
    const before = (await api.get(`/api/matches/${matchId}`)).body;
    const r = await api.post(`/api/matches/${matchId}/players`, { name });
    expect(r.status, JSON.stringify(r.body)).toBe(code === 'name-taken' ? 409 : 400);
    expect(r.body.error.code).toBe(code);
    expect(typeof r.body.error.message).toBe('string');
    expect((await api.get(`/api/matches/${matchId}`)).body).toEqual(before);
  });

  it('decision 10: names are stored NFC and trimmed; distinct names with accents or other scripts are welcome', async () => {
    const { matchId, gmToken } = await lobby();
    for (const name of ['  A\u0301nna ', 'Иван', '🐺'.repeat(40), 'Anna Maria']) {
      const r = await api.post(`/api/matches/${matchId}/players`, { name });
      expect(r.status, `${name}: ${JSON.stringify(r.body)}`).toBe(201);
    }
    const names = (await api.get(`/api/matches/${matchId}/gm`, gmToken)).body.players.map((p: { name: string }) => p.name);
    expect(names).toEqual(['\u00c1nna', 'Иван', '🐺'.repeat(40), 'Anna Maria']);
  });

  it('decision 10: substitution passes the same checks', async () => {
    const m = await startSeven(api, {}, 'names');
    const path = `/api/matches/${m.matchId}/players/carla/substitute`;
    for (const [label, name, code] of LOOK_ALIKES) {
      const r = await api.post(path, { name }, m.gm);
      expect(r.body.error?.code, label).toBe(code);
    }
    expect((await api.post(path, { name: 'Carlotta' }, m.gm)).status).toBe(200);
  });
});

describe('reserved ids: no player id is a channel id or collides with one', () => {
  it.each(['spirit-p3', 'spirit', 'pack', 'pack-2', 'cemetery', 'public', 'gm', 'bandits', 'draw'])(
    'ARCHITECTURE ids: a sandbox join as %s is refused',
    async (id) => {
      const { matchId } = await lobby();
      const r = await api.post(`/api/matches/${matchId}/players`, { name: 'Intruder', playerId: id });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.error.code).toBe('invalid-body');
      expect((await api.get(`/api/matches/${matchId}`)).body.players ?? []).toHaveLength(0);
    },
  );

  it('ARCHITECTURE ids: ids that only share letters with a channel are fine', async () => {
    const { matchId } = await lobby();
    for (const id of ['spiritual', 'publican', 'p3']) {
      expect((await api.post(`/api/matches/${matchId}/players`, { name: `N ${id}`, playerId: id })).status).toBe(201);
    }
  });
});
