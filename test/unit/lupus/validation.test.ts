// Section 14: the order of the checks and the target rules.
import { describe, expect, it } from 'vitest';
import { lupus } from '../../../engine/rulesets/lupus/index.js';
import { burn, skipTo, thirteen, thirteenThrough } from './fixture.js';

describe('validation', () => {
  it('LUP-14.1 checks run in order: not-alive, no-such-power, wrong-phase, not-yet, already-used, fields, self, alive/dead, …', () => {
    const m = thirteen();
    // #4 before #5: the power is missing even in the wrong phase
    expect(m.act('seer', { type: 'bite', target: 'seer' })).toBe('no-such-power');
    // #5 before #6
    m.close();
    expect(m.act('dracula', { type: 'bite' })).toBe('wrong-phase');
    burn(m, 'girl');
    // #3 first of all
    expect(m.act('girl', { type: 'spy' })).toBe('not-alive');
    expect(m.act('girl', { type: 'bite', target: 'girl' })).toBe('not-alive');
    // #7 before #8
    const u = thirteenThrough('night-2', [['priest', { type: 'bless', target: 'seer' }]]);
    skipTo(u, 'night-3');
    expect(u.act('priest', { type: 'bless' })).toBe('already-used');
    const n = thirteen();
    // #6 before #8
    expect(n.act('spirit', { type: 'resurrect' })).toBe('not-yet');
    // #8: missing / naming nobody / not a string
    expect(n.act('seer', { type: 'investigate' })).toBe('field-missing');
    expect(n.act('seer', { type: 'investigate', target: 'ghost-of-nobody' })).toBe('illegal-target');
    expect(n.act('seer', { type: 'investigate', target: 42 })).toBe('illegal-target');
    expect(n.act('nightmare', { type: 'dream', target: 'nobody' })).toBe('field-missing');
    // #9 before #11: a dream on himself is target-self, not target-packmate
    expect(n.act('nightmare', { type: 'dream', target: 'nightmare', guess: 'bardo' })).toBe('target-self');
    // #11 before #13
    expect(n.act('nightmare', { type: 'dream', target: 'hound', guess: 'bardo' })).toBe('target-packmate');
    // #13 (the owl) before nothing else; #14 last
    expect(n.act('seer', { type: 'investigate', target: 'hound', owl: 'hound' })).toBe('invalid-owl');
    const limit = thirteen({ settings: { 'max-abstentions': 0 } });
    limit.close();
    expect(limit.act('seer', { type: 'abstain' })).toBe('abstention-limit');
    // unknown types and junk never throw
    expect(n.act('seer', { type: 'fly' })).toBe('unknown-action');
    expect(lupus.validate(n.state, 'seer', null as never, [])).toMatchObject({ ok: false });
    expect(lupus.validate(n.state, 'nobody', { type: 'vote', target: 'seer' }, [])).toMatchObject({ ok: false, reason: 'not-alive' });
  });

  it('LUP-14.2 target rules per action', () => {
    const m = thirteen();
    skipTo(m, 'day-1');
    burn(m, 'bard');
    // night 2: alive-and-not-self actions refuse the dead
    for (const [actor, type] of [
      ['witch', 'deflect'],
      ['nightmare', 'dream'],
      ['girl', 'spy'],
      ['seer', 'investigate'],
      ['priest', 'bless'],
      ['dracula', 'bite'],
    ] as const) {
      expect(m.act(actor, { type, target: 'bard', guess: 'dracula' })).toBe('target-dead');
      expect(m.act(actor, { type, target: actor, guess: 'dracula' })).toBe('target-self');
    }
    expect(m.act('hound', { type: 'maul', target: 'bard' })).toBe('target-dead');
    // dead-target actions refuse the living
    expect(m.act('medium', { type: 'reveal', target: 'seer' })).toBe('target-alive');
    expect(m.act('necro', { type: 'raise', target: 'seer', guess: 'lupo' })).toBe('target-alive');
    // contact: any other player, alive or dead
    expect(m.act('necro', { type: 'contact', target: 'bard' })).toBe('ok');
    expect(m.act('necro', { type: 'contact', target: 'seer' })).toBe('ok');
    m.close();
    // remove-vote: a living player, himself allowed
    expect(m.act('priest', { type: 'remove-vote', target: 'bard' })).toBe('target-dead');
    expect(m.act('priest', { type: 'remove-vote', target: 'priest' })).toBe('ok');
    expect(m.act('seer', { type: 'vote', target: 'bard' })).toBe('target-dead');
  });

  it('LUP-14.2 available() lists exactly the targets validate accepts', () => {
    const m = thirteen();
    skipTo(m, 'day-1');
    burn(m, 'bard');
    for (const p of m.state.players) {
      for (const a of lupus.available(m.state, p.id, [])) {
        const target = a.fields.target;
        if (!target || target.kind !== 'player') continue;
        for (const other of m.state.players) {
          const action = { type: a.type, target: other.id, guess: a.type === 'raise' ? 'lupo' : 'dracula' };
          const ok = lupus.validate(m.state, p.id, action, []).ok;
          expect([p.id, a.type, other.id, ok]).toEqual([p.id, a.type, other.id, target.options.includes(other.id)]);
        }
      }
    }
  });
});
