// Section 12: channels and posting.
import { describe, expect, it } from 'vitest';
import { lupus } from '../../../engine/rulesets/lupus/index.js';
import { find } from './harness.js';
import { burn, skipTo, thirteen, thirteenThrough } from './fixture.js';

const channel = (m: ReturnType<typeof thirteen>, id: string) => lupus.channels(m.state).find((c) => c.id === id);

describe('channels', () => {
  it('LUP-12.1 post works in every phase where the player may write; otherwise channel-forbidden', () => {
    const m = thirteen();
    expect(m.act('hound', { type: 'post', channel: 'pack', text: 'hi' })).toBe('ok');
    expect(find(m.of('night-1'), { kind: 'message' })).toEqual([{ kind: 'message', to: 'pack', from: 'hound', text: 'hi' }]);
    expect(m.act('seer', { type: 'post', channel: 'pack', text: 'hi' })).toBe('channel-forbidden');
    expect(m.act('seer', { type: 'post', channel: 'coven', text: 'hi' })).toBe('channel-forbidden');
    expect(m.act('seer', { type: 'post', channel: 'cemetery', text: 'hi' })).toBe('channel-forbidden');
    expect(m.act('seer', { type: 'post', channel: 'public', text: '' })).toBe('ok');
    m.close();
    expect(m.act('seer', { type: 'post', channel: 'public', text: 'day' })).toBe('ok');
    burn(m, 'seer');
    expect(m.act('seer', { type: 'post', channel: 'public', text: 'x' })).toBe('channel-forbidden');
    expect(m.act('seer', { type: 'post', channel: 'cemetery', text: 'x' })).toBe('ok');
    expect(channel(m, 'public')!.readers).toContain('seer');
  });

  it('LUP-12.2 a dead Lupo Spirito keeps the pack channel but nothing else; other wolves lose it', () => {
    const m = thirteen();
    skipTo(m, 'day-1');
    burn(m, 'ghost');
    expect(channel(m, 'pack')!.writers).toEqual(['nightmare', 'hound', 'ghost']);
    expect(m.act('ghost', { type: 'post', channel: 'pack', text: 'still here' })).toBe('ok');
    expect(m.act('ghost', { type: 'maul', target: 'seer' })).toBe('not-alive');
    expect(m.act('hound', { type: 'maul', target: 'seer', mauler: 'ghost' })).toBe('invalid-mauler');
    skipTo(m, 'day-2');
    expect(m.act('ghost', { type: 'vote', target: 'seer' })).toBe('not-alive');
    burn(m, 'hound');
    expect(channel(m, 'pack')!.readers).toEqual(['nightmare', 'ghost']);
    expect(m.act('hound', { type: 'post', channel: 'pack', text: 'x' })).toBe('channel-forbidden');
  });

  it('LUP-12.3 with cemetery off there is no cemetery channel', () => {
    const m = thirteen({ settings: { cemetery: false } });
    skipTo(m, 'day-1');
    burn(m, 'seer');
    expect(channel(m, 'cemetery')).toBeUndefined();
    expect(m.act('seer', { type: 'post', channel: 'cemetery', text: 'x' })).toBe('channel-forbidden');
  });

  it('LUP-12.4 in spirit-<id> the Negromante speaks as "spirit"; the channel lasts through death', () => {
    const m = thirteenThrough('night-1', [['necro', { type: 'contact', target: 'seer' }]]);
    expect(m.act('necro', { type: 'post', channel: 'spirit-seer', text: 'boo' })).toBe('ok');
    expect(m.act('seer', { type: 'post', channel: 'spirit-seer', text: 'who?' })).toBe('ok');
    expect(m.act('priest', { type: 'post', channel: 'spirit-seer', text: 'x' })).toBe('channel-forbidden');
    expect(find(m.of('day-1'), { kind: 'message' })).toEqual([
      { kind: 'message', to: 'spirit-seer', from: 'spirit', text: 'boo' },
      { kind: 'message', to: 'spirit-seer', from: 'seer', text: 'who?' },
    ]);
    burn(m, 'seer');
    expect(m.act('seer', { type: 'post', channel: 'spirit-seer', text: 'dead' })).toBe('ok');
    const spiritSide = m.seenBy('seer').filter((e) => e.to === 'spirit-seer' || e.to === 'seer');
    expect(spiritSide.length).toBeGreaterThan(2);
    expect(JSON.stringify(spiritSide)).not.toContain('necro');
    expect(m.view('seer').known).toEqual({});
  });

  it('LUP-12.5 there is no coven channel; Dracula and progeny know each other only by bite-result and converted', () => {
    const m = thirteenThrough('night-2', [['dracula', { type: 'bite', target: 'girl' }]]);
    expect(
      lupus
        .channels(m.state)
        .map((c) => c.id)
        .sort(),
    ).toEqual(['cemetery', 'pack', 'public']);
    expect(m.view('girl').known).toEqual({ dracula: { role: 'dracula', faction: 'coven' } });
    expect(m.view('dracula').known).toEqual({ girl: { role: 'vampiro-progenie', faction: 'coven' } });
  });

  it('LUP-12.6 a player sees events addressed to him, to public, or to a channel he could read then', () => {
    const m = thirteen();
    skipTo(m, 'night-2');
    m.play([['hound', { type: 'post', channel: 'pack', text: 'before' }]]);
    m.play([['hound', { type: 'maul', target: 'seer' }]]);
    m.close();
    burn(m, 'nightmare');
    m.play([['hound', { type: 'post', channel: 'pack', text: 'after' }]]);
    const seen = m
      .seenBy('nightmare')
      .filter((e) => e.kind === 'message')
      .map((e) => e.text);
    expect(seen).toEqual(['before']);
    expect(m.seenBy('seer').some((e) => e.kind === 'maul-result')).toBe(false);
    expect(
      m
        .seenBy('ghost')
        .filter((e) => e.kind === 'message')
        .map((e) => e.text),
    ).toEqual(['before', 'after']);
  });
});
