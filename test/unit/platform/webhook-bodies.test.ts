// Webhook bodies (functions/service/toolkit/webhook-bodies.ts; ARCHITECTURE.md: webhooks carry public
// facts only). Discord's and Telegram's JSON as their APIs take it, and dusk's own plain JSON. The stack
// tests (test/toolkit/webhooks.test.ts) send them to local receivers; these read each body exactly.
import { describe, expect, it } from 'vitest';
import { eventLine, webhookBody, type Announcement } from '../../../functions/service/toolkit/webhook-bodies.js';

const names = { p1: 'Anna', p2: 'Bruno_*', p3: '@everyone' };
const AT = Date.UTC(2026, 11, 5, 20, 30, 15, 250);
const results = (next: Announcement['next']): Announcement => ({
  kind: 'results',
  match: { id: 'm1', name: 'Game *one*', ruleset: 'lupus' },
  phase: 'day-2',
  names,
  events: [
    { kind: 'death', to: 'public', player: 'p1', cause: 'lynch' },
    { kind: 'match-note', to: 'public' },
  ],
  next,
});
const reminder: Announcement = {
  kind: 'reminder',
  match: { id: 'm1', name: 'Game one', ruleset: 'lupus' },
  phase: 'night-2',
  names: {},
  deadline: AT,
};

describe('event lines', () => {
  it('name the kind and every field but the addressee, player ids shown by name', () => {
    expect(eventLine({ kind: 'death', to: 'public', player: 'p1', cause: 'lynch' }, names)).toBe('death (player: Anna; cause: lynch)');
    expect(eventLine({ kind: 'match-note', to: 'public' }, names)).toBe('match-note');
    expect(
      eventLine({ kind: 'tally', to: 'public', votes: { p1: 2, p2: ['p1', 'p3'] }, players: ['p1', 'zed'], open: false, n: 3 }, names),
    ).toBe('tally (votes: Anna→2, Bruno_*→Anna, @everyone; players: Anna, zed; open: false; n: 3)');
  });

  it('show a missing value as null', () => {
    expect(eventLine({ kind: 'match-ended', to: 'public', winner: null }, names)).toBe('match-ended (winner: null)');
  });

  it('are cut at 200 characters, the last one an ellipsis', () => {
    const long = eventLine({ kind: 'note', to: 'public', text: 'x'.repeat(300) }, names);
    expect(long).toHaveLength(200);
    expect(long.endsWith('x…')).toBe(true);
    const exact = eventLine({ kind: 'note', to: 'public', text: 'x'.repeat(200 - 'note (text: )'.length) }, names);
    expect(exact).toHaveLength(200);
    expect(exact.endsWith('x)')).toBe(true);
  });
});

describe('Discord', () => {
  const discord = { url: 'https://discord.example/api/webhooks/1/abc', format: 'discord' } as const;

  it('ARCHITECTURE the first line bold, names escaped so nothing formats or mentions, and mentions switched off', () => {
    const body = JSON.parse(webhookBody(discord, results({ phase: 'night-2', deadline: AT, winner: null })));
    expect(body).toEqual({
      content: [
        '**Game \\*one\\*: day-2 is over.**',
        '• death (player: Anna; cause: lynch)',
        '• match-note',
        `Now night-2, until <t:${Math.floor(AT / 1000)}:R> (<t:${Math.floor(AT / 1000)}:f>).`,
      ].join('\n'),
      allowed_mentions: { parse: [] },
    });
    const won = JSON.parse(webhookBody(discord, results({ phase: null, deadline: null, winner: 'p3' })));
    expect(won.content.split('\n').at(-1)).toBe('The match has ended: \\@everyone won.');
  });

  it('a reminder names the deadline in Discord time; a long post is cut at 2,000 characters', () => {
    expect(JSON.parse(webhookBody(discord, reminder)).content).toBe(
      `**Game one: night-2 closes <t:${Math.floor(AT / 1000)}:R> (<t:${Math.floor(AT / 1000)}:f>).**`,
    );
    const many = {
      ...results({ phase: 'night-2', deadline: null, winner: null }),
      events: Array.from({ length: 100 }, () => ({ kind: 'death', to: 'public', player: 'p1', cause: 'x'.repeat(40) })),
    };
    const content = JSON.parse(webhookBody(discord, many)).content as string;
    expect(content).toHaveLength(2000);
    expect(content.endsWith('…')).toBe(true);
  });
});

describe('Telegram', () => {
  const telegram = { url: 'https://api.telegram.example/bot1/sendMessage', format: 'telegram', chatId: '-100123' } as const;

  it('ARCHITECTURE sends plain text to the chat, times in UTC to the second, without link previews', () => {
    expect(JSON.parse(webhookBody(telegram, results({ phase: 'night-2', deadline: AT, winner: null })))).toEqual({
      chat_id: '-100123',
      text: [
        'Game *one*: day-2 is over.',
        '• death (player: Anna; cause: lynch)',
        '• match-note',
        'Now night-2, until at 2026-12-05T20:30:15Z.',
      ].join('\n'),
      disable_web_page_preview: true,
    });
    expect(JSON.parse(webhookBody({ ...telegram, chatId: undefined }, reminder))).toEqual({
      text: 'Game one: night-2 closes at 2026-12-05T20:30:15Z.',
      disable_web_page_preview: true,
    });
  });

  it('says the match ended, with the winner by name or as the side, and "Now" without a deadline; cuts at 4,096 characters', () => {
    const text = (next: Announcement['next']) => (JSON.parse(webhookBody(telegram, results(next))).text as string).split('\n').at(-1);
    expect(text({ phase: null, deadline: null, winner: 'village' })).toBe('The match has ended: village won.');
    expect(text({ phase: null, deadline: null, winner: 'p1' })).toBe('The match has ended: Anna won.');
    expect(text({ phase: null, deadline: null, winner: null })).toBe('The match has ended.');
    expect(text({ phase: 'night-2', deadline: null, winner: null })).toBe('Now night-2.');
    const many = {
      ...results(undefined),
      events: Array.from({ length: 200 }, () => ({ kind: 'death', to: 'public', player: 'p1', cause: 'x'.repeat(40) })),
    };
    const all = JSON.parse(webhookBody(telegram, many)).text as string;
    expect(all).toHaveLength(4096);
    expect(all.endsWith('…')).toBe(true);
    expect(JSON.parse(webhookBody(telegram, results(undefined))).text.split('\n')).toHaveLength(3);
    expect(JSON.parse(webhookBody(telegram, { ...results(undefined), events: undefined })).text).toBe('Game *one*: day-2 is over.');
  });

  it('a text of exactly 4,096 characters is sent whole', () => {
    const tail = ': night-2 closes at 2026-12-05T20:30:15Z.';
    const name = 'n'.repeat(4096 - tail.length);
    const text = JSON.parse(webhookBody(telegram, { ...reminder, match: { ...reminder.match, name } })).text as string;
    expect(text).toBe(`${name}${tail}`);
    expect(text).toHaveLength(4096);
  });
});

describe('plain JSON', () => {
  it('ARCHITECTURE carries the announcement as it is, its kind as `type`, the names last', () => {
    const a = results({ phase: 'night-2', deadline: AT, winner: null });
    const body = webhookBody({ url: 'https://hooks.example/dusk', format: 'json' }, a);
    expect(JSON.parse(body)).toEqual({ type: 'results', ...a });
    expect(Object.keys(JSON.parse(body))).toEqual(['type', 'kind', 'match', 'phase', 'events', 'next', 'names']);
  });
});
