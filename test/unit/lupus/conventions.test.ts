// Sections 1–3: conventions, factions and counting, role cards.
import { KEBAB_ID } from '../../../engine/core/ids.js';
import { describe, expect, it } from 'vitest';
import { lupus } from '../../../engine/rulesets/lupus/index.js';
import { PUMPKIN_ROLES, ROLE_IDS, ROLES } from '../../../engine/rulesets/lupus/roles.js';
import { counts } from '../../../engine/rulesets/lupus/victory.js';
import { find, has } from './harness.js';
import { burn, skipTo, table, thirteen, thirteenThrough, votes } from './fixture.js';

describe('Section 1: conventions', () => {
  it('LUP-1.1 every role, action, setting and produced event kind is a kebab-case id', () => {
    const m = thirteenThrough('night-1', [
      ['seer', { type: 'investigate', target: 'dracula' }],
      ['necro', { type: 'contact', target: 'cat' }],
    ]);
    burn(m, 'nightmare');
    const ids = [
      ...ROLE_IDS,
      ...[...lupus.actions],
      ...Object.keys(lupus.settings.parse({}) as object),
      ...m.events.map((e) => e.event.kind),
      ...lupus.channels(m.state).map((c) => c.id),
      lupus.id,
    ];
    for (const id of ids) expect(id).toMatch(KEBAB_ID);
    expect(lupus.id).toBe('lupus');
  });

  it('LUP-1.2 lists inside events are in seat order; forced dice take the first candidate of a random pick', () => {
    const m = table('z3 a1 m2:zucca-semplice w:lupo-mannaro b:zucca-semplice', { settings: { 'tie-rule': 'random' }, dice: 'fail' });
    expect(find(m.of('night-1'), { kind: 'match-started' })[0]!.players).toEqual(['z3', 'a1', 'm2', 'w', 'b']);
    m.close();
    m.play(votes({ w: 'm2', b: 'z3' }));
    m.close();
    // tie between z3 and m2: the forced pick takes the first in seat order
    expect(m.facts().dead).toEqual(['z3']);
  });

  it('LUP-1.3 a dead player takes no action but still receives his private results of the night he died in', () => {
    const m = thirteenThrough('night-2', [
      ['seer', { type: 'investigate', target: 'hound' }],
      ['hound', { type: 'maul', target: 'seer' }],
    ]);
    expect(m.facts().dead).toContain('seer');
    expect(has(m.seenBy('seer'), { kind: 'investigation-result', target: 'hound', result: 'shady' })).toBe(true);
    expect(m.act('seer', { type: 'vote', target: 'hound' })).toBe('not-alive');
    expect(m.act('seer', { type: 'post', channel: 'cemetery', text: 'hello' })).toBe('ok');
  });

  it('LUP-1.4 a rejected action changes nothing; accepted actions take effect only at the close', () => {
    const m = thirteen();
    skipTo(m, 'night-2');
    const before = JSON.stringify(m.state);
    expect(m.act('dracula', { type: 'bite', target: 'hound' })).toBe('ok');
    expect(m.act('dracula', { type: 'bite', target: 'dracula' })).toBe('target-self');
    expect(m.pending).toHaveLength(1);
    expect(m.pending[0]!.action.target).toBe('hound');
    m.act('dracula', { type: 'bite', target: 'seer' });
    expect(JSON.stringify(m.state)).toBe(before);
    expect(m.facts().role!.seer).toBe('veggente-gufato');
    m.close();
    expect(m.facts().role!.seer).toBe('vampiro-progenie');
  });

  it('LUP-1.5 a later action replaces the slot; vote/abstain share the ballot, raise/contact the necromancy slot, the pack one maul', () => {
    const m = thirteen();
    m.play([
      ['seer', { type: 'investigate', target: 'witch' }],
      ['seer', { type: 'investigate', target: 'nightmare' }],
      ['necro', { type: 'contact', target: 'cat' }],
    ]);
    expect(m.pending.map((p) => [p.owner, p.slot])).toEqual([
      ['seer', 'investigate'],
      ['necro', 'necromancy'],
    ]);
    m.close();
    expect(find(m.of('night-1'), { kind: 'investigation-result' })).toEqual([
      { kind: 'investigation-result', to: 'seer', target: 'nightmare', result: 'shady' },
    ]);
    m.play([
      ['seer', { type: 'vote', target: 'nightmare' }],
      ['seer', { type: 'abstain' }],
    ]);
    expect(m.pending.filter((p) => p.owner === 'seer').map((p) => p.slot)).toEqual(['ballot']);
    m.close();
    // night 2: the pack shares one maul, replaced by any member, withdrawn by any living member
    m.play([
      ['hound', { type: 'maul', target: 'seer' }],
      ['ghost', { type: 'maul', target: 'priest' }],
    ]);
    expect(m.pending.filter((p) => p.slot === 'maul')).toHaveLength(1);
    expect(m.pending.find((p) => p.slot === 'maul')!.owner).toBe('pack');
    expect(m.withdraw('nightmare', 'maul')).toBe('ok');
    expect(m.withdraw('hound', 'maul')).toBe('nothing-to-withdraw');
    expect(m.withdraw('seer', 'maul')).toBe('nothing-to-withdraw');
    m.play([['ghost', { type: 'maul', target: 'priest' }]]);
    m.close();
    expect(m.facts().dead).toEqual(['priest']);
    const d2 = skipTo(m, 'night-3');
    d2.play([['necro', { type: 'contact', target: 'girl' }]]);
    d2.play([['necro', { type: 'raise', target: 'priest', guess: 'lupo' }]]);
    expect(d2.pending.filter((p) => p.owner === 'necro').map((p) => [p.slot, p.action.type])).toEqual([['necromancy', 'raise']]);
  });

  it('LUP-1.6 the Strega, Bardo and Gatto Nero are told zucca-semplice; faction and seen-as follow the true role', () => {
    const m = thirteen();
    for (const id of ['witch', 'bard', 'cat']) {
      expect(has(m.of('night-1'), { kind: 'role-assigned', to: id, role: 'zucca-semplice', faction: 'village' })).toBe(true);
      expect(m.view(id).me.role).toBe('zucca-semplice');
    }
    expect(m.facts().role!.witch).toBe('strega');
    m.play([['seer', { type: 'investigate', target: 'spirit' }]]);
    m.close();
    expect(has(m.of('night-1'), { kind: 'investigation-result', target: 'spirit', result: 'shady' })).toBe(true);
  });
});

describe('Section 2: factions and counting', () => {
  it('LUP-2.1 each role counts as exactly one of human, wolf, vampire, neutral; the neutral Negromante adds to none', () => {
    for (const role of ROLE_IDS) expect(['human', 'wolf', 'vampire', 'neutral']).toContain(ROLES[role].countsAs);
    const m = table('v:zucca-semplice n:negromante w:lupo-mannaro');
    expect(counts(m.state)).toEqual({ H: 1, W: 1, V: 0 });
  });

  it('LUP-2.2 H, W, V count living players only; a praised player adds a human; a dead Lupo Spirito counts for nothing', () => {
    const m = thirteen();
    expect(counts(m.state)).toEqual({ H: 8, W: 3, V: 1 });
    m.play([['bard', { type: 'praise', target: 'seer' }]]);
    m.close();
    expect(counts(m.state)).toEqual({ H: 9, W: 3, V: 1 });
    burn(m, 'ghost');
    expect(counts(m.state)).toEqual({ H: 9, W: 2, V: 1 });
  });

  it('LUP-2.3 investigation sees each role innocent or shady, independently of what it counts as', () => {
    const shady = ROLE_IDS.filter((r) => ROLES[r].seenAs === 'shady');
    expect(shady.sort()).toEqual(
      [
        'dracula',
        'lupo-dell-incubo',
        'lupo-mannaro',
        'lupo-segugio',
        'lupo-spirito',
        'negromante',
        'spirito-bianco',
        'vampiro-progenie',
      ].sort(),
    );
    const m = thirteenThrough('night-1', [['seer', { type: 'investigate', target: 'witch' }]]);
    expect(has(m.of('night-1'), { kind: 'investigation-result', target: 'witch', result: 'innocent' })).toBe(true);
  });

  it('LUP-2.4 "wolf" means counts as wolf: holy water kills the Lupo Spirito, the stake report marks him a wolf', () => {
    const m = thirteen();
    skipTo(m, 'day-1');
    burn(m, 'ghost');
    m.play([['priest', { type: 'bless', target: 'hound' }]]);
    m.close();
    expect(has(m.of('night-2'), { kind: 'stake-report', to: 'medium', player: 'ghost', wolf: true })).toBe(true);
    expect(has(m.of('night-2'), { kind: 'death', player: 'hound', cause: 'mysterious' })).toBe(true);
  });
});

describe('Section 3: roles', () => {
  it('LUP-3.1 the pumpkin roles are exactly the roles told zucca-semplice', () => {
    expect(ROLE_IDS.filter((r) => ROLES[r].told === 'zucca-semplice').sort()).toEqual([...PUMPKIN_ROLES].sort());
  });

  it('LUP-3.2 every pack role mauls, reads the pack channel and is immune to the bite', () => {
    const m = thirteen();
    const pack = lupus.channels(m.state).find((c) => c.id === 'pack')!;
    expect(pack.readers).toEqual(['nightmare', 'hound', 'ghost']);
    skipTo(m, 'night-2');
    for (const wolf of ['nightmare', 'hound', 'ghost']) {
      expect(m.act(wolf, { type: 'maul', target: 'seer' })).toBe('ok');
    }
    m.play([['dracula', { type: 'bite', target: 'ghost' }]]);
    m.close();
    expect(has(m.of('night-2'), { kind: 'bite-result', to: 'dracula', target: 'ghost', success: false })).toBe(true);
    expect(m.facts().role!.ghost).toBe('lupo-spirito');
  });

  it('LUP-3.3 the Vampiro Progenie learns his Dracula and has no power', () => {
    const m = thirteenThrough('night-2', [['dracula', { type: 'bite', target: 'seer' }]]);
    expect(has(m.seenBy('seer'), { kind: 'converted', role: 'vampiro-progenie', dracula: 'dracula' })).toBe(true);
    skipTo(m, 'night-3');
    expect(lupus.available(m.state, 'seer', []).map((a) => a.type)).toEqual([]);
    expect(m.act('seer', { type: 'investigate', target: 'hound' })).toBe('no-such-power');
  });

  it('LUP-3.4 lupo-mannaro and zucca-semplice are not in the default table but play in a custom one', () => {
    const defaults = lupus.settings.parse({}) as { roles: string[] };
    expect(defaults.roles).not.toContain('lupo-mannaro');
    expect(defaults.roles).not.toContain('zucca-semplice');
    const m = table([{ id: 'a' }, { id: 'b' }, { id: 'c' }], {
      settings: { 'player-count': 3, roles: ['lupo-mannaro', 'zucca-semplice', 'zucca-semplice'] },
      dice: 'succeed',
    });
    expect(m.facts().role).toEqual({ a: 'lupo-mannaro', b: 'zucca-semplice', c: 'zucca-semplice' });
    expect(m.view('a').me.role).toBe('lupo-mannaro');
  });
});
