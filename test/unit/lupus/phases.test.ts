// Section 5 (phase cycle) and Section 6 (night resolution order).
import { describe, expect, it } from 'vitest';
import { lupus } from '../../../engine/rulesets/lupus/index.js';
import { find, has } from './harness.js';
import { burn, skipTo, table, thirteen, thirteenThrough, votes } from './fixture.js';

describe('Section 5: phase cycle', () => {
  it('LUP-5.1 night-1, day-1, [runoff-1], night-2 …; after a victory the phase is null', () => {
    const m = thirteen();
    const seen = [m.phase];
    m.close();
    seen.push(m.phase);
    m.play(votes({ seer: 'dracula', priest: 'necro' }));
    m.close();
    seen.push(m.phase);
    m.close();
    seen.push(m.phase);
    m.close();
    seen.push(m.phase);
    expect(seen).toEqual(['night-1', 'day-1', 'runoff-1', 'night-2', 'day-2']);
    const small = table('a b:zucca-semplice w:lupo-mannaro');
    small.close();
    burn(small, 'w');
    expect(small.phase).toBeNull();
    expect(lupus.phase(small.state)).toBeNull();
  });

  it("LUP-5.2 a phase lasts its kind's minutes and then opens the next at once", () => {
    const m = thirteen();
    const settings = lupus.settings.parse({ 'night-minutes': 100, 'day-minutes': 200 });
    expect(lupus.timing(m.state, settings)).toEqual({ minutes: 100 });
    m.close();
    expect(m.phase).toBe('day-1');
    expect(lupus.timing(m.state, settings)).toEqual({ minutes: 200 });
  });

  it('LUP-5.3 night powers only at night, ballots only by day and run-off, posts always', () => {
    const m = thirteen();
    expect(m.act('seer', { type: 'vote', target: 'hound' })).toBe('wrong-phase');
    expect(m.act('seer', { type: 'abstain' })).toBe('wrong-phase');
    expect(m.act('priest', { type: 'remove-vote', target: 'hound' })).toBe('wrong-phase');
    expect(m.act('seer', { type: 'post', channel: 'public', text: 'night' })).toBe('ok');
    m.close();
    expect(m.act('seer', { type: 'investigate', target: 'hound' })).toBe('wrong-phase');
    expect(m.act('hound', { type: 'maul', target: 'seer' })).toBe('wrong-phase');
    expect(m.act('seer', { type: 'post', channel: 'public', text: 'day' })).toBe('ok');
  });

  it('LUP-5.4 victory is checked after each night, day vote and run-off, and after a removal', () => {
    // night: the last wolf dies to holy water
    const n = table('p:parroco w:lupo-mannaro v u:zucca-semplice');
    skipTo(n, 'night-2');
    n.play([['p', { type: 'bless', target: 'w' }]]);
    n.close();
    expect(n.state.winner).toBe('village');
    // run-off: a wolf burns in the run-off
    const r = table('a b c:zucca-semplice w:lupo-mannaro');
    r.close();
    r.play(votes({ a: 'w', w: 'a' }));
    r.close();
    expect(r.phase).toBe('runoff-1');
    r.play(votes({ b: 'w', c: 'w' }));
    r.close();
    expect(r.state.winner).toBe('village');
    // removal
    const x = table('a b:zucca-semplice w:lupo-mannaro');
    const ev = x.remove('w');
    expect(has(ev, { kind: 'match-ended', winner: 'village' })).toBe(true);
  });

  it('LUP-5.5 the events of night-N include its deaths, praise, private results and dawn information', () => {
    const m = thirteenThrough('night-2', [
      ['bard', { type: 'praise', target: 'seer' }],
      ['hound', { type: 'maul', target: 'girl' }],
      ['seer', { type: 'investigate', target: 'necro' }],
    ]);
    const night = m.of('night-2');
    for (const kind of ['bard-praise', 'death', 'investigation-result', 'vampire-count', 'maul-result']) {
      expect(night.some((e) => e.kind === kind)).toBe(true);
    }
    expect(m.of('day-2')).toEqual([]);
  });

  it('LUP-5.6 with check-mode every living player may check; check is final; the phase closes when all living have checked', () => {
    const off = thirteen();
    expect(off.check('seer')).toBe('check-disabled');
    const m = thirteen({ settings: { 'check-mode': true } });
    skipTo(m, 'night-2');
    m.remove('cat');
    expect(m.check('cat')).toBe('not-alive');
    expect(lupus.checkers(m.state)).not.toContain('cat');
    m.play([['seer', { type: 'investigate', target: 'hound' }]]);
    expect(m.check('seer')).toBe('ok');
    expect(m.act('seer', { type: 'investigate', target: 'ghost' })).toBe('already-checked');
    expect(m.withdraw('seer', 'investigate')).toBe('already-checked');
    expect(m.act('seer', { type: 'post', channel: 'public', text: 'done' })).toBe('ok');
    const others = m.state.players.filter((p) => p.alive && p.id !== 'seer');
    for (const p of others.slice(0, -1)) m.check(p.id);
    expect(m.phase).toBe('night-2');
    m.check(others.at(-1)!.id);
    expect(m.phase).toBe('day-2');
    expect(has(m.of('night-2'), { kind: 'investigation-result', target: 'hound' })).toBe(true);
  });
});

describe('Section 6: night resolution', () => {
  it('LUP-6.1 on night 1 only praise, dream, investigate and the Negromante act; earlier actions are not-yet', () => {
    const m = thirteen();
    expect(m.act('witch', { type: 'deflect', target: 'seer' })).toBe('not-yet');
    expect(m.act('girl', { type: 'spy', target: 'seer' })).toBe('not-yet');
    expect(m.act('medium', { type: 'reveal', target: 'seer' })).toBe('not-yet');
    expect(m.act('spirit', { type: 'resurrect', target: 'seer' })).toBe('not-yet');
    expect(m.act('priest', { type: 'bless', target: 'seer' })).toBe('not-yet');
    expect(m.act('dracula', { type: 'bite', target: 'seer' })).toBe('not-yet');
    expect(m.act('hound', { type: 'maul', target: 'seer' })).toBe('not-yet');
    expect(m.act('bard', { type: 'praise', target: 'seer' })).toBe('ok');
    expect(m.act('nightmare', { type: 'dream', target: 'seer', guess: 'bambina' })).toBe('ok');
    expect(m.act('seer', { type: 'investigate', target: 'hound' })).toBe('ok');
    expect(m.act('necro', { type: 'contact', target: 'seer' })).toBe('ok');
    m.close();
    expect(m.act('spirit', { type: 'resurrect', target: 'seer' })).toBe('wrong-phase');
    skipTo(m, 'night-2');
    m.remove('cat');
    expect(m.act('spirit', { type: 'resurrect', target: 'cat' })).toBe('not-yet');
    skipTo(m, 'night-3');
    expect(m.act('spirit', { type: 'resurrect', target: 'cat' })).toBe('ok');
  });

  it('LUP-6.2 effects are immediate for later steps: holy water at step 8 kills Dracula before his bite', () => {
    const m = thirteenThrough('night-2', [
      ['priest', { type: 'bless', target: 'dracula' }],
      ['dracula', { type: 'bite', target: 'seer' }],
    ]);
    expect(m.facts().role!.seer).toBe('veggente-gufato');
    expect(has(m.of('night-2'), { kind: 'action-failed', to: 'dracula', action: 'bite', reason: 'dead' })).toBe(true);
  });

  it('LUP-6.3 an actor dead at his step does nothing and is told action-failed dead', () => {
    const m = thirteenThrough('night-2', [
      ['hound', { type: 'maul', target: 'necro' }],
      ['necro', { type: 'contact', target: 'seer' }],
    ]);
    const night = m.of('night-2');
    expect(has(night, { kind: 'action-failed', to: 'necro', action: 'contact', reason: 'dead' })).toBe(true);
    expect(night.some((e) => e.kind === 'contact-opened' || e.kind === 'spirit-contact')).toBe(false);
  });

  it('LUP-6.4 a cursed or blocked actor fails and is told why; the curse is checked first; pumpkin actions never say so', () => {
    const m = thirteen();
    m.state.players.find((p) => p.id === 'girl')!.cursed = true;
    m.state.players.find((p) => p.id === 'bard')!.cursed = true;
    skipTo(m, 'night-2');
    m.play([
      ['nightmare', { type: 'dream', target: 'girl', guess: 'bambina' }],
      ['girl', { type: 'spy', target: 'seer' }],
      ['bard', { type: 'praise', target: 'seer' }],
    ]);
    m.close();
    const night = m.of('night-2');
    expect(find(night, { kind: 'action-failed', to: 'girl' })).toEqual([
      { kind: 'action-failed', to: 'girl', action: 'spy', reason: 'cursed' },
    ]);
    expect(night.some((e) => e.to === 'bard')).toBe(false);
    expect(night.some((e) => e.kind === 'bard-praise')).toBe(false);
    skipTo(m, 'night-3');
    m.play([
      ['nightmare', { type: 'dream', target: 'seer', guess: 'veggente-gufato' }],
      ['seer', { type: 'investigate', target: 'hound' }],
    ]);
    m.close();
    expect(find(m.of('night-3'), { kind: 'action-failed' })).toEqual([
      { kind: 'action-failed', to: 'seer', action: 'investigate', reason: 'blocked' },
    ]);
    expect(m.of('night-3').some((e) => e.kind === 'investigation-result')).toBe(false);
  });

  it('LUP-6.5 a once-per-game power is consumed when it reaches its step, even when it fails', () => {
    const m = thirteenThrough('night-2', [
      ['nightmare', { type: 'dream', target: 'priest', guess: 'parroco' }],
      ['priest', { type: 'bless', target: 'hound' }],
    ]);
    expect(m.facts().alive).toContain('hound');
    expect(has(m.of('night-2'), { kind: 'action-failed', to: 'priest', action: 'bless', reason: 'blocked' })).toBe(true);
    skipTo(m, 'night-3');
    expect(m.act('priest', { type: 'bless', target: 'hound' })).toBe('already-used');
  });

  it('LUP-6.6 a target that no longer meets the requirement at its step gives no effect', () => {
    const m = thirteenThrough('night-2', [
      ['priest', { type: 'bless', target: 'dracula' }],
      ['hound', { type: 'maul', target: 'dracula' }],
    ]);
    const night = m.of('night-2');
    expect(find(night, { kind: 'death' })).toEqual([{ kind: 'death', to: 'public', player: 'dracula', cause: 'mysterious' }]);
    expect(has(night, { kind: 'maul-result', target: 'dracula', mauler: 'hound', victim: null })).toBe(true);
  });

  it("LUP-6.7 a night's deaths and resurrections are announced together after the private results, then victory is checked once", () => {
    // After the maul the pack would hold parity, but the raise at step 11 restores a villager first.
    const m = table('w:lupo-mannaro a b c:zucca-semplice n:negromante');
    m.close();
    burn(m, 'c');
    m.play([
      ['w', { type: 'maul', target: 'a' }],
      ['n', { type: 'raise', target: 'c', guess: 'lupo' }],
    ]);
    m.close();
    expect(m.state.winner).toBeNull();
    expect(m.phase).toBe('day-2');
    const night = m.of('night-2');
    const kinds = night.map((e) => e.kind);
    expect(kinds.indexOf('raise-result')).toBeLessThan(kinds.indexOf('death'));
    expect(kinds.indexOf('maul-result')).toBeLessThan(kinds.indexOf('resurrected'));
  });

  it('LUP-6.8 a night remembers its final dream and spy targets and the praises stored', () => {
    const m = thirteenThrough('night-1', [
      ['nightmare', { type: 'dream', target: 'seer', guess: 'dracula' }],
      ['cat', { type: 'praise', target: 'seer' }],
    ]);
    skipTo(m, 'night-2');
    expect(m.act('nightmare', { type: 'dream', target: 'seer', guess: 'dracula' })).toBe('target-repeat');
    expect(m.act('cat', { type: 'praise', target: 'girl' })).toBe('already-used');
    m.play([['girl', { type: 'spy', target: 'priest' }]]);
    m.close();
    skipTo(m, 'night-3');
    expect(m.act('girl', { type: 'spy', target: 'priest' })).toBe('target-repeat');
    expect(m.act('nightmare', { type: 'dream', target: 'seer', guess: 'dracula' })).toBe('ok');
  });
});
