// What a forum post is written from (functions/service/posts/load.ts): the link back to the match page,
// which phases have closed (decision 6: a post is written only at a phase's close), and the time zone a
// post's deadlines are written in. The store's part (the events and the count) is the stack's, test/posts.
import { describe, expect, it } from 'vitest';
import { isClosed, matchUrl, zoneOf } from '../../../functions/service/posts/load.js';
import type { Loaded } from '../../../functions/service/context.js';
import type { MatchMeta } from '../../../functions/records.js';

const loaded = (meta: Partial<MatchMeta>): Loaded => ({
  meta: { history: ['night-1', 'day-1', 'night-2'], phase: 'night-2', status: 'running', ...meta } as MatchMeta,
  ruleset: {} as Loaded['ruleset'],
});

describe('the link a post gives back to the match page', () => {
  it('is absolute under the site address, without doubled slashes however the address ends', () => {
    expect(matchUrl('https://dusk.example', 'm1')).toBe('https://dusk.example/#/m/m1');
    expect(matchUrl('https://dusk.example/', 'm1')).toBe('https://dusk.example/#/m/m1');
    expect(matchUrl('https://dusk.example///', 'm1')).toBe('https://dusk.example/#/m/m1');
    expect(matchUrl('https://dusk.example/games/', 'm1')).toBe('https://dusk.example/games/#/m/m1');
  });

  it('is relative to the page when the site address is not known', () => {
    expect(matchUrl(undefined, 'm1')).toBe('/#/m/m1');
    expect(matchUrl('', 'm1')).toBe('/#/m/m1');
  });

  it('keeps an id with unusual characters inside its path segment', () => {
    expect(matchUrl(undefined, 'a b/c?d')).toBe('/#/m/a%20b%2Fc%3Fd');
  });
});

describe('which phases have a post (decision 6: written at the close)', () => {
  it('every past phase has closed; the open one has not; a phase the match never had has not', () => {
    const match = loaded({});
    expect(isClosed(match, 'night-1')).toBe(true);
    expect(isClosed(match, 'day-1')).toBe(true);
    expect(isClosed(match, 'night-2')).toBe(false);
    expect(isClosed(match, 'day-2')).toBe(false);
  });

  it('a paused phase is still open', () => {
    expect(isClosed(loaded({ status: 'paused' }), 'night-2')).toBe(false);
  });

  it('once the match has ended its last phase has closed too', () => {
    expect(isClosed(loaded({ status: 'ended' }), 'night-2')).toBe(true);
    expect(isClosed(loaded({ status: 'ended', phase: null }), 'night-2')).toBe(true);
  });
});

describe('the time zone of a post’s deadlines', () => {
  it('is the match’s own setting when it has one', () => {
    expect(zoneOf('lupus', { timezone: 'Asia/Tokyo' })).toBe('Asia/Tokyo');
    expect(zoneOf('mafia', { timezone: 'UTC' })).toBe('UTC');
  });

  it('is otherwise the community’s own: Rome for Lupus and Kill Game, Moscow for Mafia, else UTC', () => {
    expect(zoneOf('lupus', {})).toBe('Europe/Rome');
    expect(zoneOf('killgame', {})).toBe('Europe/Rome');
    expect(zoneOf('mafia', {})).toBe('Europe/Moscow');
    expect(zoneOf('other', {})).toBe('UTC');
    expect(zoneOf('mafia', { timezone: 3 })).toBe('Europe/Moscow');
  });
});
