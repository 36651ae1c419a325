// What a GM's webhook list accepts and which format a bare URL gets (functions/service/toolkit/webhooks.ts,
// `PUT /api/matches/{id}/webhooks`): Discord's and Telegram's endpoints by their host, plain JSON otherwise.
// A look-alike host must not get another service's body (it would receive a Discord payload meant elsewhere,
// or a Telegram chat id). The deliveries themselves are the stack's (test/toolkit/webhooks.test.ts).
import { describe, expect, it } from 'vitest';
import { formatOf, MAX_REMIND_MINUTES, MAX_WEBHOOKS, webhooksBody } from '../../../functions/service/toolkit/webhooks.js';

describe('the format of a bare webhook URL', () => {
  it('is Discord for a webhook path on discord.com, discordapp.com or one of their subdomains', () => {
    expect(formatOf('https://discord.com/api/webhooks/1/abc')).toEqual({ format: 'discord' });
    expect(formatOf('https://discordapp.com/api/webhooks/1/abc')).toEqual({ format: 'discord' });
    expect(formatOf('https://ptb.discord.com/api/webhooks/1/abc')).toEqual({ format: 'discord' });
  });

  it('is plain JSON for a look-alike host or another path on Discord', () => {
    expect(formatOf('https://evildiscord.com/api/webhooks/1/abc')).toEqual({ format: 'json' });
    expect(formatOf('https://discord.com.example.org/api/webhooks/1/abc')).toEqual({ format: 'json' });
    expect(formatOf('https://discord.com/channels/1/2')).toEqual({ format: 'json' });
  });

  it('is Telegram on api.telegram.org, with the chat id the URL names, and no chat id when it names none', () => {
    expect(formatOf('https://api.telegram.org/bot1:x/sendMessage?chat_id=-100123')).toEqual({ format: 'telegram', chatId: '-100123' });
    expect(formatOf('https://api.telegram.org/bot1:x/sendMessage')).toStrictEqual({ format: 'telegram' });
    expect(formatOf('https://api.telegram.org.example.org/bot1:x/sendMessage?chat_id=5')).toEqual({ format: 'json' });
  });

  it('is plain JSON anywhere else', () => {
    expect(formatOf('http://localhost:8080/hook')).toEqual({ format: 'json' });
  });
});

describe('the webhook list a GM sends', () => {
  const hook = (n: number) => `https://hooks.example.org/${n}`;

  it(`holds up to ${MAX_WEBHOOKS} targets and a reminder of 0 to ${MAX_REMIND_MINUTES} whole minutes`, () => {
    const urls = Array.from({ length: MAX_WEBHOOKS }, (_, i) => hook(i));
    expect(webhooksBody.safeParse({ urls, remindBeforeMinutes: MAX_REMIND_MINUTES }).success).toBe(true);
    expect(webhooksBody.safeParse({ urls: [], remindBeforeMinutes: 0 }).success).toBe(true);
    expect(webhooksBody.safeParse({ urls: [...urls, hook(9)], remindBeforeMinutes: 0 }).success).toBe(false);
    expect(webhooksBody.safeParse({ urls, remindBeforeMinutes: MAX_REMIND_MINUTES + 1 }).success).toBe(false);
    expect(webhooksBody.safeParse({ urls, remindBeforeMinutes: -1 }).success).toBe(false);
    expect(webhooksBody.safeParse({ urls, remindBeforeMinutes: 1.5 }).success).toBe(false);
  });

  it('takes http(s) URLs only, without credentials', () => {
    const one = (url: unknown) => webhooksBody.safeParse({ urls: [url], remindBeforeMinutes: 0 }).success;
    expect(one('http://hooks.example.org/a')).toBe(true);
    expect(one('https://hooks.example.org/a')).toBe(true);
    expect(one('ftp://hooks.example.org/a')).toBe(false);
    expect(one('https://user:secret@hooks.example.org/a')).toBe(false);
    expect(one('https://user@hooks.example.org/a')).toBe(false);
    expect(one('not a url')).toBe(false);
    expect(one(`https://hooks.example.org/${'a'.repeat(500)}`)).toBe(false);
  });

  it('takes a target with its format named, and a Telegram chat id only in Telegram’s shapes', () => {
    const one = (target: unknown) => webhooksBody.safeParse({ urls: [target], remindBeforeMinutes: 0 }).success;
    expect(one({ url: hook(1), format: 'telegram', chatId: '-100123' })).toBe(true);
    expect(one({ url: hook(1), format: 'telegram', chatId: '@dusk_village' })).toBe(true);
    expect(one({ url: hook(1), format: 'telegram', chatId: 'village' })).toBe(false);
    expect(one({ url: hook(1), format: 'slack' })).toBe(false);
    expect(one({ url: hook(1), format: 'json', extra: 1 })).toBe(false);
  });
});
