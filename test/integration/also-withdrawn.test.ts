// KG-4.2, decision 42: withdrawing an action re-validates the player's others, and any that now fails is
// withdrawn with it. The answer names those slots (`alsoWithdrawn`), so a client that reads only answers
// (a bot, the load run's count) knows what his slots hold without reading his events.
import { describe, expect, it } from 'vitest';
import { useStack } from '../setup/stack.js';

const { api } = useStack();

interface Offered {
  type: string;
  slot: string;
  fields: Record<string, { options?: string[] }>;
}

describe('KG-4.2 decision 42: the answer names the actions withdrawn with a write', () => {
  it('KG-4.2 KG-13.1 withdrawing the buy of the only smoke grenade withdraws the smoke that used it, and the answer says so', async () => {
    const created = await api.post('/api/matches', { ruleset: 'killgame', name: 'Isola', settings: { monsters: 0 } });
    const id = created.body.matchId as string;
    const gm = created.body.gmToken as string;
    const tokens: string[] = [];
    for (const name of ['Anna', 'Bruno']) tokens.push((await api.post(`/api/matches/${id}/players`, { name })).body.token);
    expect((await api.post(`/api/matches/${id}/start`, {}, gm)).status).toBe(200);
    for (const phase of ['tactic-1', 'action-1']) expect((await api.post(`/api/matches/${id}/resolve`, { phase }, gm)).status).toBe(200);
    const anna = tokens[0]!;
    const actions = `/api/matches/${id}/me/actions`;

    // KG-2.5: without a basket she holds the default loadout's one grenade; she sells it and buys another.
    const sold = await api.post(actions, { type: 'sell', item: 'smoke-grenade', count: 1 }, anna);
    expect(sold.body).toMatchObject({ slot: 'trade-1', alsoWithdrawn: [] });
    const bought = await api.post(actions, { type: 'buy', item: 'smoke-grenade', count: 1 }, anna);
    expect(bought.status).toBe(201);
    expect(bought.body).toMatchObject({ slot: 'trade-2', alsoWithdrawn: [] });
    const offered = (await api.get(actions, anna)).body.actions as Offered[];
    const zone = offered.find((a) => a.type === 'smoke')?.fields.zone?.options?.[0];
    expect(zone, 'the grenade just bought makes a smoke possible').toBeTypeOf('string');
    const smoke = await api.post(actions, { type: 'smoke', zone }, anna);
    expect(smoke.status).toBe(201);
    expect(smoke.body).toMatchObject({ slot: 'smoke', alsoWithdrawn: [] });

    const withdrawn = await api.del(`${actions}/trade-2`, anna);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toEqual({ withdrawn: 'trade-2', alsoWithdrawn: ['smoke'] });
    const me = await api.get(`/api/matches/${id}/me`, anna);
    expect(me.body.submitted.filter((s: { type: string }) => s.type !== 'withdrawn').map((s: { slot: string }) => s.slot)).toEqual([
      'trade-1',
    ]);
    const notice = me.body.events.filter((e: { kind: string }) => e.kind === 'action-withdrawn');
    expect(notice).toMatchObject([{ slot: 'smoke', reason: 'not-owned' }]);
  });
});
