// Match settings at the service's edge (functions/service/platform-settings.ts, settings-issue.ts,
// settings-check.ts): the platform's own settings (the no-show policy, push reminders) are parsed apart
// from the ruleset's, and a settings check answers the API's own refusal with each issue in a form the
// page puts in the reader's words (ARCHITECTURE.md: bad input gets a clear error and a reason id).
import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../functions/service/errors.js';
import {
  noShowPolicy,
  PLATFORM_LIVE_SETTINGS,
  PLATFORM_SETTING_IDS,
  rulesetSettings,
  splitSettings,
} from '../../../functions/service/platform-settings.js';
import { checkSettings } from '../../../functions/service/settings-check.js';
import { settingsIssue } from '../../../functions/service/settings-issue.js';

const refusalOf = (f: () => unknown) => {
  try {
    f();
  } catch (error) {
    if (error instanceof DomainError) return { reason: error.reason, message: error.message };
    throw error;
  }
  return null;
};

describe('platform settings', () => {
  it('are the no-show policy and the push reminder, each live', () => {
    expect(PLATFORM_SETTING_IDS).toEqual(['no-show', 'no-show-limit', 'push-remind-minutes', 'forum']);
    expect(PLATFORM_LIVE_SETTINGS).toEqual(PLATFORM_SETTING_IDS);
  });

  it("are taken apart from the ruleset's, which never sees them", () => {
    const raw = { 'no-show': 'warn', 'no-show-limit': 3, 'day-minutes': 30, roles: ['wolf'] };
    expect(splitSettings(raw)).toEqual({
      platform: { 'no-show': 'warn', 'no-show-limit': 3 },
      rest: { 'day-minutes': 30, roles: ['wolf'] },
    });
    expect(rulesetSettings(raw)).toEqual({ 'day-minutes': 30, roles: ['wolf'] });
    expect(splitSettings({})).toEqual({ platform: {}, rest: {} });
  });

  it("refuse a value out of range with the setting's name and zod's words, and change nothing", () => {
    expect(refusalOf(() => splitSettings({ 'no-show': 'kick' }))).toEqual({
      reason: 'invalid-settings',
      message: 'no-show: Invalid option: expected one of "nothing"|"default"|"warn"',
    });
    expect(refusalOf(() => splitSettings({ 'no-show-limit': 51 }))).toMatchObject({
      reason: 'invalid-settings',
      message: expect.stringMatching(/^no-show-limit: /),
    });
    expect(refusalOf(() => splitSettings({ 'no-show-limit': -1 }))).toMatchObject({ reason: 'invalid-settings' });
    expect(refusalOf(() => splitSettings({ 'no-show-limit': 1.5 }))).toMatchObject({ reason: 'invalid-settings' });
    expect(refusalOf(() => splitSettings({ 'push-remind-minutes': 1441 }))).toMatchObject({
      reason: 'invalid-settings',
      message: expect.stringMatching(/^push-remind-minutes: /),
    });
    expect(splitSettings({ 'no-show-limit': 50, 'push-remind-minutes': 1440 }).platform).toEqual({
      'no-show-limit': 50,
      'push-remind-minutes': 1440,
    });
    expect(splitSettings({ 'no-show-limit': 0, 'push-remind-minutes': 0 }).platform).toEqual({
      'no-show-limit': 0,
      'push-remind-minutes': 0,
    });
  });

  it('give the no-show policy: nothing and no removal unless the GM says otherwise', () => {
    expect(noShowPolicy({})).toEqual({ mode: 'nothing', limit: 0 });
    expect(noShowPolicy({ 'no-show': 'default', 'day-minutes': 30 })).toEqual({ mode: 'default', limit: 0 });
    expect(noShowPolicy({ 'no-show': 'warn', 'no-show-limit': 2 })).toEqual({ mode: 'warn', limit: 2 });
  });
});

describe('a settings issue', () => {
  it('names the field as a dotted path, with the bounds or values zod gives', () => {
    const schema = z
      .object({ roles: z.array(z.string().min(2)), seats: z.number().max(9), mode: z.enum(['a', 'b']), n: z.number().min(3) })
      .strict();
    const issues = schema.safeParse({ roles: ['ok', 'x'], seats: 10, mode: 'c', n: 1 }).error!.issues.map(settingsIssue);
    // Strictly: a bound zod does not give is left out, not set to undefined.
    expect(issues).toStrictEqual([
      { path: 'roles.1', code: 'too_small', message: expect.any(String), minimum: 2 },
      { path: 'seats', code: 'too_big', message: expect.any(String), maximum: 9 },
      { path: 'mode', code: 'invalid_value', message: expect.any(String), values: ['a', 'b'] },
      { path: 'n', code: 'too_small', message: expect.any(String), minimum: 3 },
    ]);
  });

  it("carries a ruleset's own check with its reason and numbers; the whole settings have an empty path", () => {
    const schema = z
      .object({ n: z.number() })
      .superRefine((_v, ctx) => ctx.addIssue({ code: 'custom', message: 'table', params: { reason: 'table-size', playerCount: 5 } }));
    expect(schema.safeParse({ n: 1 }).error!.issues.map(settingsIssue)).toStrictEqual([
      { path: '', code: 'custom', message: 'table', params: { reason: 'table-size', playerCount: 5 } },
    ]);
    const plain = z.string().safeParse(3).error!.issues.map(settingsIssue);
    expect(plain).toStrictEqual([{ path: '', code: 'invalid_type', message: expect.any(String) }]);
  });
});

describe('a settings check', () => {
  it('answers valid settings with their defaults filled in, platform settings kept', async () => {
    const checked = await checkSettings('lupus', { 'no-show': 'warn', 'day-minutes': 30 });
    expect(checked).toMatchObject({ valid: true, settings: { 'no-show': 'warn', 'day-minutes': 30, 'check-mode': false } });
  });

  it("answers the API's own refusal and every issue of the ruleset's schema", async () => {
    const checked = await checkSettings('lupus', { 'player-count': 'seven', 'day-minutes': -5 });
    expect(checked.valid).toBe(false);
    if (checked.valid) return;
    expect(checked.error.code).toBe('invalid-settings');
    expect(checked.error.message.length).toBeGreaterThan(0);
    expect(checked.error.issues.map((i) => i.path).sort()).toEqual(['day-minutes', 'player-count']);
  });

  it('ARCHITECTURE a platform setting out of range is answered like any other, its issue first, never thrown', async () => {
    const platform = await checkSettings('lupus', { 'no-show': 'kick', 'day-minutes': -5 });
    expect(platform).toEqual({
      valid: false,
      error: {
        code: 'invalid-settings',
        message: expect.stringMatching(/^no-show: /),
        issues: [
          { path: 'no-show', code: 'invalid_value', message: expect.any(String), values: ['nothing', 'default', 'warn'] },
          expect.objectContaining({ path: 'day-minutes', code: 'too_small' }),
        ],
      },
    });
  });

  it('KG-1.8 an unknown time zone is refused, naming the field', async () => {
    const zone = await checkSettings('killgame', { timezone: 'Mars/Olympus' });
    expect(zone).toEqual({
      valid: false,
      error: {
        code: 'invalid-settings',
        message: 'timezone: an IANA time zone name',
        issues: [{ path: 'timezone', code: 'custom', message: 'an IANA time zone name' }],
      },
    });
  });

  it('an unknown ruleset is refused as such', async () => {
    await expect(checkSettings('chess', {})).rejects.toMatchObject({
      reason: 'ruleset-not-found',
      message: 'There is no ruleset "chess".',
    });
    await expect(checkSettings('chess', {})).rejects.toBeInstanceOf(DomainError);
  });
});
