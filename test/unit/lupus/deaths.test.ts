// Section 10: deaths, splatter, resurrection, removal.
import { describe, expect, it } from 'vitest';
import { lupus } from '../../../engine/rulesets/lupus/index.js';
import { find, has } from './harness.js';
import { burn, skipTo, table, thirteen, thirteenThrough, votes } from './fixture.js';

const readers = (m: ReturnType<typeof thirteen>, channel: string) => lupus.channels(m.state).find((c) => c.id === channel)?.readers;

describe('deaths', () => {
  it('LUP-10.1 causes: stake, mauled (deflected too), mysterious (holy water, second resurrection), removed', () => {
    const m = thirteen();
    skipTo(m, 'day-1');
    burn(m, 'girl');
    m.play([
      ['priest', { type: 'bless', target: 'dracula' }],
      ['witch', { type: 'deflect', target: 'bard' }],
      ['hound', { type: 'maul', target: 'witch' }],
    ]);
    m.close();
    const causes = find(
      m.events.map((e) => e.event),
      { kind: 'death' },
    ).map((e) => [e.player, e.cause]);
    // The night's deaths come in seat order (LUP-6.7), so compare them as a set.
    expect(causes).toHaveLength(3);
    expect(causes).toEqual(
      expect.arrayContaining([
        ['girl', 'stake'],
        ['dracula', 'mysterious'],
        ['bard', 'mauled'],
      ]),
    );
    expect(find(m.remove('seer'), { kind: 'death' })).toEqual([{ kind: 'death', to: 'public', player: 'seer', cause: 'removed' }]);
  });

  it('LUP-10.2 with splatter off night deaths read "night"; stake and removal keep their cause', () => {
    const m = thirteen({ settings: { splatter: false } });
    skipTo(m, 'day-1');
    burn(m, 'girl');
    m.play([
      ['priest', { type: 'bless', target: 'dracula' }],
      ['hound', { type: 'maul', target: 'seer' }],
    ]);
    m.close();
    expect(find(m.of('night-2'), { kind: 'death' }).map((e) => e.cause)).toEqual(['night', 'night']);
    expect(has(m.of('day-1'), { kind: 'death', player: 'girl', cause: 'stake' })).toBe(true);
    expect(has(m.remove('bard'), { kind: 'death', player: 'bard', cause: 'removed' })).toBe(true);
  });

  it('LUP-10.3 no role or faction is announced at death; all roles come with the end of the match', () => {
    const m = thirteen();
    skipTo(m, 'day-1');
    burn(m, 'hound');
    for (const e of find(m.of('day-1'), { kind: 'death' })) expect(Object.keys(e).sort()).toEqual(['cause', 'kind', 'player', 'to']);
    expect(JSON.stringify(m.view({ as: 'public' }))).not.toContain('lupo-segugio"}');
    expect(m.view({ as: 'public' }).players.find((p: { id: string }) => p.id === 'hound')).toEqual({
      id: 'hound',
      name: 'Player 10',
      alive: false,
    });
  });

  it('LUP-10.4 a resurrected player keeps his state, leaves the cemetery and a wolf rejoins the pack', () => {
    const m = thirteen();
    skipTo(m, 'day-1');
    burn(m, 'nightmare');
    expect(readers(m, 'pack')).toEqual(['hound', 'ghost']);
    expect(readers(m, 'cemetery')).toEqual(['nightmare']);
    m.play([['necro', { type: 'raise', target: 'nightmare', guess: 'lupo' }]]);
    m.close();
    expect(find(m.of('night-2'), { kind: 'resurrected' })).toEqual([{ kind: 'resurrected', to: 'public', player: 'nightmare' }]);
    expect(readers(m, 'pack')).toEqual(['nightmare', 'hound', 'ghost']);
    expect(readers(m, 'cemetery')).toEqual([]);
    // the dream memory of the night before death survives
    expect(m.facts().role!.nightmare).toBe('lupo-dell-incubo');
  });

  it('LUP-10.5 a dead player is not killed again the same night', () => {
    const m = thirteenThrough('night-2', [
      ['priest', { type: 'bless', target: 'dracula' }],
      ['hound', { type: 'maul', target: 'dracula' }],
    ]);
    expect(find(m.of('night-2'), { kind: 'death' })).toHaveLength(1);
  });

  it('LUP-10.6 a removal kills at once, withdraws what names him (public for day ballots), trims the run-off, checks victory', () => {
    const m = thirteen();
    m.play([
      ['seer', { type: 'investigate', target: 'cat' }],
      ['cat', { type: 'praise', target: 'seer' }],
    ]);
    m.remove('cat');
    expect(m.pending.map((p) => p.owner)).toEqual([]);
    m.close();
    m.play(votes({ seer: 'priest', girl: 'bard', priest: 'bard' }));
    const events = m.remove('bard');
    expect(events).toEqual([
      { kind: 'death', to: 'public', player: 'bard', cause: 'removed' },
      { kind: 'vote-withdrawn', to: 'public', voter: 'priest' },
      { kind: 'vote-withdrawn', to: 'public', voter: 'girl' },
    ]);
    expect(m.pending.map((p) => p.owner)).toEqual(['seer']);
    m.play([['girl', { type: 'vote', target: 'seer' }]]);
    m.close();
    expect(m.phase).toBe('runoff-1');
    m.remove('priest');
    m.remove('seer');
    expect(m.state.runoff).toEqual([]);
    m.close();
    expect(find(m.of('runoff-1'), { kind: 'runoff-result' })).toEqual([{ kind: 'runoff-result', to: 'public', dead: [] }]);
    // no curse, no stake report from removals
    expect(m.state.players.some((p) => p.cursed)).toBe(false);
    m.close();
    expect(m.of('night-2').some((e) => e.kind === 'stake-report')).toBe(false);
    const end = table('a:zucca-semplice w:lupo-mannaro b:zucca-semplice');
    const out = end.remove('a');
    expect(out.map((e) => e.kind)).toEqual(['death', 'match-ended']);
    expect(end.phase).toBeNull();
    expect(end.state.winner).toBe('pack');
  });
});
