// A 7-player classic Lupus table (LUP-4.2) used by the platform's integration tests.
import { client } from '../setup/stack.js';

export const SEVEN = [
  { id: 'anna', name: 'Anna', role: 'veggente-gufato' },
  { id: 'bruno', name: 'Bruno', role: 'lupo-mannaro' },
  { id: 'carla', name: 'Carla', role: 'zucca-semplice' },
  { id: 'dario', name: 'Dario', role: 'bambina' },
  { id: 'elena', name: 'Elena', role: 'lupo-segugio' },
  { id: 'fabio', name: 'Fabio', role: 'zucca-semplice' },
  { id: 'gina', name: 'Gina', role: 'zucca-semplice' },
] as const;

export type Api = ReturnType<typeof client>;

export interface SevenMatch {
  matchId: string;
  gm: string;
  tokens: Record<string, string>;
}

/** Creates a sandbox Lupus match with the seven fixed roles, joined and started. */
export async function startSeven(
  api: Api,
  settings: Record<string, unknown> = {},
  seed = 'seven',
  /** Runs in the full lobby, just before the GM starts it. */
  beforeStart?: (matchId: string, gmToken: string) => Promise<unknown>,
): Promise<SevenMatch> {
  const created = await api.post('/api/matches', {
    ruleset: 'lupus',
    name: 'Seven at the village',
    sandbox: true,
    settings: { 'player-count': 7, roles: SEVEN.map((p) => p.role), ...settings },
  });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  const { matchId, gmToken } = created.body;
  const tokens: Record<string, string> = {};
  for (const p of SEVEN) {
    const joined = await api.post(`/api/matches/${matchId}/players`, { name: p.name, playerId: p.id });
    if (joined.status !== 201) throw new Error(JSON.stringify(joined.body));
    tokens[p.id] = joined.body.token;
  }
  await beforeStart?.(matchId, gmToken);
  const players = Object.fromEntries(SEVEN.map((p) => [p.id, { role: p.role }]));
  const started = await api.post(`/api/matches/${matchId}/start`, { seed, dice: 'natural', players }, gmToken);
  if (started.status !== 200) throw new Error(JSON.stringify(started.body));
  return { matchId, gm: gmToken, tokens };
}

/** A sandbox lobby of the same table that Anna (`anna`) has joined: its GM's token and hers are valid there only. */
export async function lobbyWithAnna(api: Api): Promise<SevenMatch> {
  const created = await api.post('/api/matches', {
    ruleset: 'lupus',
    name: 'Next door',
    sandbox: true,
    settings: { 'player-count': 7, roles: SEVEN.map((p) => p.role) },
  });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  const joined = await api.post(`/api/matches/${created.body.matchId}/players`, { name: 'Anna', playerId: 'anna' });
  if (joined.status !== 201) throw new Error(JSON.stringify(joined.body));
  return { matchId: created.body.matchId, gm: created.body.gmToken, tokens: { anna: joined.body.token } };
}
