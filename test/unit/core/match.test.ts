// The platform's shared semantics: refusal order, canonical order, removal of pending slots.
import { describe, expect, it } from 'vitest';
import { canRead, withReaders } from '../../../engine/core/events.js';
import { canonicalOrder, pendingAfterRemoval, platformRefusal } from '../../../engine/core/match.js';
import { lupus } from '../../../engine/rulesets/lupus/index.js';

const gate = { status: 'running' as const, open: true, checked: false };

describe('platform refusals, in the order ARCHITECTURE.md fixes', () => {
  it('match-over before anything, even for a post', () => {
    expect(platformRefusal(lupus, { ...gate, status: 'ended' }, 'post')?.reason).toBe('match-over');
    expect(platformRefusal(lupus, { ...gate, status: 'ended', checked: true }, 'fly')?.reason).toBe('match-over');
  });
  it('then match-paused (posts still pass), phase-closed, unknown-action, already-checked', () => {
    expect(platformRefusal(lupus, { ...gate, status: 'paused' }, 'fly')?.reason).toBe('match-paused');
    expect(platformRefusal(lupus, { ...gate, status: 'paused' }, 'post')).toBeNull();
    expect(platformRefusal(lupus, { ...gate, open: false }, 'fly')?.reason).toBe('phase-closed');
    expect(platformRefusal(lupus, { ...gate, status: 'lobby' }, 'vote')?.reason).toBe('phase-closed');
    expect(platformRefusal(lupus, { ...gate, checked: true }, 'fly')?.reason).toBe('unknown-action');
    expect(platformRefusal(lupus, { ...gate, checked: true }, 'vote')?.reason).toBe('already-checked');
    expect(platformRefusal(lupus, gate, 'vote')).toBeNull();
  });
});

describe('canonical order', () => {
  it('sorts by owner then slot, never by submission', () => {
    const p = (owner: string, slot: string, seq: number) => ({ player: owner, owner, slot, seq, action: { type: slot } });
    const sorted = canonicalOrder([p('b', 'vote', 1), p('a', 'vote', 3), p('a', 'maul', 2)]);
    expect(sorted.map((x) => `${x.owner}/${x.slot}`)).toEqual(['a/maul', 'a/vote', 'b/vote']);
  });
});

describe('removal', () => {
  it("drops the removed player's slots, a group slot he filled last and the slots withdrawn for naming him", () => {
    const pending = [
      { player: 'x', owner: 'x', slot: 'vote', seq: 1, action: { type: 'vote' } },
      { player: 'x', owner: 'pack', slot: 'maul', seq: 2, action: { type: 'maul' } },
      { player: 'y', owner: 'y', slot: 'vote', seq: 3, action: { type: 'vote', target: 'x' } },
      { player: 'z', owner: 'z', slot: 'vote', seq: 4, action: { type: 'vote', target: 'y' } },
    ];
    expect(pendingAfterRemoval(pending, 'x', [{ owner: 'y', slot: 'vote' }]).map((p) => p.owner)).toEqual(['z']);
  });
});

describe('event audiences', () => {
  it('a channel event is read by the channel readers of its moment, public by all, private by one', () => {
    const stored = withReaders(
      [
        { kind: 'message', to: 'pack', from: 'w1', text: 'hi' },
        { kind: 'death', to: 'public', player: 'v' },
        { kind: 'investigation-result', to: 's', target: 'w1', result: 'shady' },
      ],
      [{ id: 'pack', readers: ['w1', 'w2'], writers: ['w1', 'w2'] }],
      'night-2',
      { kind: 'close' },
    );
    const reads = (who: string) => stored.filter((e) => canRead(e, { as: 'player', id: who })).map((e) => e.event.kind);
    expect(reads('w2')).toEqual(['message', 'death']);
    expect(reads('s')).toEqual(['death', 'investigation-result']);
    expect(stored.filter((e) => canRead(e, { as: 'public' })).map((e) => e.event.kind)).toEqual(['death']);
  });
});
