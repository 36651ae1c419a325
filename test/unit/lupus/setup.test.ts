// Section 4 (setup), Section 15 (settings) and Section 16 (scenario keys).
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../engine/core/rng.js';
import { RulesetError } from '../../../engine/core/types.js';
import { lupus } from '../../../engine/rulesets/lupus/index.js';
import { DEFAULT_TABLE } from '../../../engine/rulesets/lupus/roles.js';
import { counts } from '../../../engine/rulesets/lupus/victory.js';
import { find, has } from './harness.js';
import { table, thirteen, votes } from './fixture.js';

const seats = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}` }));

function setupWith(players: Array<{ id: string; fixed?: Record<string, unknown> }>, settings = {}, setup = {}) {
  return lupus.setup({
    players: players.map((p) => ({ id: p.id, name: p.id, options: {}, fixed: p.fixed ?? {} })),
    settings: lupus.settings.parse(settings),
    rng: createRng('s', 'natural', 'setup'),
    setup,
  });
}

describe('Section 4: setup', () => {
  it('LUP-4.1 the default table holds the 13 special roles: H 8, W 3, V 1 and the Negromante', () => {
    const defaults = lupus.settings.parse({}) as { roles: string[]; 'player-count': number };
    expect(defaults['player-count']).toBe(13);
    expect([...defaults.roles].sort()).toEqual([...DEFAULT_TABLE].sort());
    const m = table(seats(13));
    expect(counts(m.state)).toEqual({ H: 8, W: 3, V: 1 });
    expect(Object.values(m.facts().role!).filter((r) => r === 'negromante')).toHaveLength(1);
  });

  it('LUP-4.2 a custom table must fit player-count, hold no Vampiro Progenie and some pack, coven or lone role', () => {
    expect(lupus.settings.safeParse({ 'player-count': 3, roles: ['zucca-semplice', 'zucca-semplice', 'dracula'] }).success).toBe(true);
    expect(lupus.settings.safeParse({ 'player-count': 3, roles: ['zucca-semplice', 'bardo', 'vampiro-progenie'] }).success).toBe(false);
    expect(lupus.settings.safeParse({ 'player-count': 3, roles: ['zucca-semplice', 'bardo', 'strega'] }).success).toBe(false);
    expect(() => setupWith(seats(4), { 'player-count': 3, roles: ['zucca-semplice', 'zucca-semplice', 'dracula'] })).toThrow(RulesetError);
    expect(() => setupWith(seats(5), { 'player-count': 3, roles: ['zucca-semplice', 'zucca-semplice', 'dracula'] })).toThrow(
      /player-count/,
    );
  });

  it('LUP-4.3 the deal shuffles the table with the seed; forced dice deal seat k the k-th role', () => {
    const settings = { 'player-count': 5, roles: ['lupo-mannaro', 'bardo', 'strega', 'zucca-semplice', 'dracula'] };
    const forced = table(seats(5), { settings, dice: 'succeed' });
    expect(Object.values(forced.facts().role!)).toEqual(settings.roles);
    const deals = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const a = table(seats(5), { settings, seed: `s${i}` });
      const b = table(seats(5), { settings, seed: `s${i}` });
      expect(a.facts().role).toEqual(b.facts().role);
      expect(Object.values(a.facts().role!).sort()).toEqual([...settings.roles].sort());
      deals.add(JSON.stringify(a.facts().role));
    }
    expect(deals.size).toBeGreaterThan(5);
  });

  it('LUP-4.4 a public match-started gives the seat order and the table alphabetically', () => {
    const m = thirteen();
    const started = find(m.of('night-1'), { kind: 'match-started' });
    expect(started).toEqual([
      { kind: 'match-started', to: 'public', players: m.state.players.map((p) => p.id), table: [...DEFAULT_TABLE].sort() },
    ]);
  });

  it('LUP-4.5 each player is told his told role and its faction', () => {
    const m = thirteen();
    const told = find(m.of('night-1'), { kind: 'role-assigned' });
    expect(told).toHaveLength(13);
    expect(has(told, { to: 'dracula', role: 'dracula', faction: 'coven' })).toBe(true);
    expect(has(told, { to: 'necro', role: 'negromante', faction: 'lone' })).toBe(true);
    expect(has(told, { to: 'cat', role: 'zucca-semplice', faction: 'village' })).toBe(true);
    expect(has(told, { to: 'hound', role: 'lupo-segugio', faction: 'pack' })).toBe(true);
  });

  it('LUP-4.6 the pack knows itself through the pack channel; nobody else learns anything at setup', () => {
    const m = thirteen();
    expect(find(m.of('night-1'), { kind: 'pack-roster' })).toEqual([
      {
        kind: 'pack-roster',
        to: 'pack',
        members: ['nightmare', 'hound', 'ghost'],
        roles: { nightmare: 'lupo-dell-incubo', hound: 'lupo-segugio', ghost: 'lupo-spirito' },
      },
    ]);
    expect(m.seenBy('hound').some((e) => e.kind === 'pack-roster')).toBe(true);
    for (const id of ['dracula', 'necro', 'seer']) {
      expect(
        m
          .seenBy(id)
          .map((e) => e.kind)
          .sort(),
      ).toEqual(['match-started', 'role-assigned']);
    }
    expect(lupus.channels(m.state).some((c) => c.id === 'coven')).toBe(false);
  });

  it('LUP-4.7 the setup events belong to night-1', () => {
    const m = thirteen();
    expect(m.phase).toBe('night-1');
    expect(m.events.filter((e) => e.event.kind === 'role-assigned').every((e) => e.phase === 'night-1')).toBe(true);
  });
});

describe('Section 15: settings', () => {
  it('LUP-15.1 defaults follow the seed header; only phase lengths and check-mode are live; timing reads the kind', () => {
    const d = lupus.settings.parse({}) as Record<string, unknown>;
    expect(d).toMatchObject({
      'player-count': 13,
      difficulty: 'hard',
      'max-abstentions': 3,
      cemetery: true,
      'tie-rule': 'runoff',
      splatter: true,
      'night-minutes': 1440,
      'day-minutes': 2880,
      'runoff-minutes': 720,
      'check-mode': false,
    });
    expect([...lupus.liveSettings].sort()).toEqual(['check-mode', 'day-minutes', 'night-minutes', 'runoff-minutes']);
    expect(lupus.settings.safeParse({ 'night-minutes': 4 }).success).toBe(false);
    expect(lupus.settings.safeParse({ 'max-abstentions': 11 }).success).toBe(false);
    expect(lupus.settings.safeParse({ 'player-count': 21 }).success).toBe(false);
    const m = thirteen();
    const live = { ...d, 'night-minutes': 30, 'day-minutes': 60, 'runoff-minutes': 15 };
    expect(lupus.timing(m.state, live as never)).toEqual({ minutes: 30 });
    m.close();
    expect(lupus.timing(m.state, live as never)).toEqual({ minutes: 60 });
    m.play(votes({ seer: 'dracula', priest: 'necro' }));
    m.close();
    expect(m.phase).toBe('runoff-1');
    expect(lupus.timing(m.state, live as never)).toEqual({ minutes: 15 });
  });
});

describe('Section 16: scenario keys', () => {
  it('LUP-16.1 players may carry role and abstentions; all or none have a role; progeny cannot be dealt', () => {
    const { state } = setupWith([
      { id: 'a', fixed: { role: 'dracula', abstentions: 2 } },
      { id: 'b', fixed: { role: 'zucca-semplice' } },
      { id: 'c', fixed: { role: 'zucca-semplice' } },
    ]);
    expect(state.players.map((p) => [p.role, p.abstentions])).toEqual([
      ['dracula', 2],
      ['zucca-semplice', 0],
      ['zucca-semplice', 0],
    ]);
    expect(() => setupWith([{ id: 'a', fixed: { role: 'dracula' } }, { id: 'b' }, { id: 'c' }])).toThrow(RulesetError);
    expect(() =>
      setupWith([
        { id: 'a', fixed: { role: 'vampiro-progenie' } },
        { id: 'b', fixed: { role: 'dracula' } },
      ]),
    ).toThrow(/vampiro-progenie/);
    expect(() => setupWith([{ id: 'a', fixed: { role: 'lupo-cerbero' } }])).toThrow(/lupo-cerbero/);
    try {
      setupWith([{ id: 'a', fixed: { role: 'dracula', zone: 'x' } }]);
      expect.unreachable();
    } catch (e) {
      expect((e as RulesetError).code).toBe('unknown-scenario-key');
      expect((e as Error).message).toContain('zone');
    }
  });

  it('LUP-16.2 setup must be empty: any key is an error naming it', () => {
    const players = [
      { id: 'a', fixed: { role: 'dracula' } },
      { id: 'b', fixed: { role: 'bardo' } },
      { id: 'c', fixed: { role: 'strega' } },
    ];
    expect(() => setupWith(players, {}, {})).not.toThrow();
    try {
      setupWith(players, {}, { startPhase: 'day-2' });
      expect.unreachable();
    } catch (e) {
      expect((e as RulesetError).code).toBe('unknown-scenario-key');
      expect((e as Error).message).toContain('startPhase');
    }
  });

  it('LUP-16.3 facts give the true role, not the told one, and the winner is a faction or draw', () => {
    const m = table('w:strega x:lupo-mannaro y:zucca-semplice');
    expect(m.facts().role!.w).toBe('strega');
    expect(m.facts().faction!.x).toBe('pack');
    m.close();
    m.play(votes({ w: 'x', y: 'x' }));
    m.close();
    expect(lupus.outcome(m.state)).toBe('village');
    expect(m.phase).toBeNull();
  });
});
