// What names a match and says where it stands (functions/service/match-identity.ts): the head of its
// public summary and of its exported record, and nothing more (no token hash, no seed, no settings).
// Called directly on META read from the real store (DynamoDB Local through the AWS adapter).
import { describe, expect, it } from 'vitest';
import { matchIdentity } from '../../functions/service/match-identity.js';
import { SEVEN, startSeven } from '../integration/lupus-table.js';
import { handClock } from '../setup/clock.js';
import { useStack } from '../setup/stack.js';

const clock = handClock();
const { stack, api } = useStack({ clock, sweepEveryMs: 3_600_000 });

describe('matchIdentity', () => {
  it('a running sandbox match: its id, name, ruleset, sandbox flag, status and open phase, in that order, nothing else', async () => {
    const m = await startSeven(api, {}, 'identity');
    const meta = (await stack.ports.store.getMeta(m.matchId))!;
    const identity = matchIdentity(meta);
    expect(identity).toStrictEqual({
      id: m.matchId,
      name: 'Seven at the village',
      ruleset: 'lupus',
      sandbox: true,
      status: 'running',
      phase: meta.phase,
    });
    expect(Object.keys(identity)).toEqual(['id', 'name', 'ruleset', 'sandbox', 'status', 'phase']);
    expect(typeof identity.phase).toBe('string');
  });

  it('a lobby that is not a sandbox: no phase yet', async () => {
    const created = await api.post('/api/matches', {
      ruleset: 'lupus',
      name: 'Waiting room',
      settings: { 'player-count': 7, roles: SEVEN.map((p) => p.role) },
    });
    const meta = (await stack.ports.store.getMeta(created.body.matchId))!;
    expect(matchIdentity(meta)).toStrictEqual({
      id: created.body.matchId,
      name: 'Waiting room',
      ruleset: 'lupus',
      sandbox: false,
      status: 'lobby',
      phase: null,
    });
  });
});
