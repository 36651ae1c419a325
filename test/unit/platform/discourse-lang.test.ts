// A Discourse target without a language posts in the language of the ruleset's community, as its
// ruleset declares it (homeLang); the GM's choice for the target wins.
import { describe, expect, it } from 'vitest';
import { langOf } from '../../../functions/service/toolkit/discourse.js';
import type { WebhookTarget } from '../../../functions/records.js';
import { rulesets } from '../../rulesets.js';

const target = (lang?: 'it' | 'ru' | 'en') =>
  ({
    format: 'discourse',
    url: 'https://forum.example.org',
    topicId: 1,
    apiUsername: 'gm',
    apiKey: 'k'.repeat(16),
    ...(lang ? { lang } : {}),
  }) as WebhookTarget;

describe('the language of forum posts', () => {
  it('follows the ruleset community unless the target names its own', () => {
    const home = (id: string) => rulesets[id]!.homeLang;
    expect(langOf(target(), home('mafia'))).toBe('ru');
    expect(langOf(target(), home('lupus'))).toBe('it');
    expect(langOf(target(), home('killgame'))).toBe('it');
    expect(langOf(target('en'), home('mafia'))).toBe('en');
    expect(langOf(target('ru'), home('lupus'))).toBe('ru');
  });
});
