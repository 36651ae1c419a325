// Issue 15: Italian and Russian texts about a player are grammatical whatever the player's gender.
// Every event kind (every branch of a template that chooses by the event) and every cause, result and
// failure reason is rendered with a woman in each player hole, and no masculine-only form may remain.
import { describe, expect, it } from 'vitest';
import { DICTS, eventText, format, type Lang } from '../../../texts/index.js';

const WOMAN: Record<'it' | 'ru', string> = { it: 'Giulia', ru: 'Юлия' };
const names = (lang: 'it' | 'ru') => (id: string) => (id === 'giulia' ? WOMAN[lang] : undefined);

// The values an event's cause, result and reason take (engine: lupus Cause + night, SeenAs, failures).
const CAUSES = ['stake', 'mauled', 'mysterious', 'night', 'removed'];
const RESULTS = ['innocent', 'shady'];
const REASONS = ['dead', 'cursed', 'blocked', 'paralysed', 'dice', 'collision', 'protected', 'trap', 'poisoned'];

// Fields a template tests to choose its text, with the value that turns each branch on.
const FLAGS: Record<string, unknown> = {
  wolf: true,
  success: true,
  victim: 'giulia',
  cause: 'stake',
  replaced: 'giulia',
  target: 'giulia',
  by: 'giulia',
  default: true,
  op: 'sell',
  damage: 3,
  forced: ['giulia'],
  runoff: ['giulia'],
  item: 'giulia',
  answer: 'giulia',
  received: 'giulia',
  bonus: 'giulia',
  value: 2,
  form: 'giulia',
  mark: 'giulia',
  presences: 2,
  players: ['giulia'],
  monsters: ['giulia'],
  gas: true,
  smokeNear: ['giulia'],
  gasNear: ['giulia'],
};
const flagVariants = (): Array<Record<string, unknown>> => {
  const keys = Object.keys(FLAGS);
  const all = Object.fromEntries(keys.map((k) => [k, FLAGS[k]]));
  const out: Array<Record<string, unknown>> = [{}, all];
  for (const k of keys) {
    out.push({ [k]: FLAGS[k] });
    const { [k]: _dropped, ...rest } = all;
    out.push(rest);
  }
  return out;
};

/** Every text of `lang`'s events, each hole a woman (or a cause / result / reason, each in turn). */
function renderedEvents(lang: 'it' | 'ru'): string[] {
  const texts: string[] = [];
  for (const [key, tpl] of Object.entries(DICTS[lang].events)) {
    const [ruleset, kind] = key.includes(':') ? key.split(':') : ['lupus', key];
    for (const flags of flagVariants()) {
      const raw = typeof tpl === 'function' ? tpl(flags) : tpl;
      const holes = [...raw.matchAll(/\{([\w-]+)(?:\|\w+)?\}/g)].map((m) => m[1]!);
      const rounds = Math.max(CAUSES.length, RESULTS.length, REASONS.length);
      for (let i = 0; i < rounds; i++) {
        const event: Record<string, unknown> = { ...flags, kind };
        for (const h of holes) {
          if (h === 'cause') event[h] = CAUSES[i % CAUSES.length];
          else if (h === 'result') event[h] = RESULTS[i % RESULTS.length];
          else if (h === 'reason') event[h] = REASONS[i % REASONS.length];
          else if (!(h in flags)) event[h] = 'giulia';
        }
        texts.push(`${key}: ${eventText(lang, ruleset!, event, names(lang))}`);
      }
    }
  }
  return texts;
}

/** Every UI string with a woman in each hole; terms, fields and errors as they are. */
function otherTexts(lang: 'it' | 'ru'): string[] {
  const d = DICTS[lang];
  const params = new Proxy(
    {},
    {
      get: (_t, k) =>
        typeof k === 'string' && /^(n|alive|needed|joined|roles|dealt|quorum|min|max|playerCount)$/.test(k) ? 1 : WOMAN[lang],
      has: () => true,
    },
  );
  return [
    ...Object.keys(d.ui).map((k) => `ui.${k}: ${format(lang as Lang, k, params)}`),
    ...Object.entries(d.terms).map(([k, v]) => `terms.${k}: ${v}`),
    ...Object.entries(d.fields).map(([k, v]) => `fields.${k}: ${v}`),
    ...Object.entries(d.errors).map(([k, v]) => `errors.${k}: ${v}`),
  ];
}

const word = (w: string) => new RegExp(`(?<![a-zà-ùа-яё])${w}(?![a-zà-ùа-яё])`, 'i');

// The masculine-only forms the dictionaries used to say of a player.
const MASCULINE: Record<'it' | 'ru', RegExp[]> = {
  it: [
    word('è morto'),
    word('è stato'),
    word('bruciato'),
    word('sbranato'),
    word('morto nella notte'),
    word('rimosso dal master'),
    word('è arrestato'),
    word('arrestato'),
    word('è tornato'),
    word('vivo'),
    word('vivi'),
    word('maledetto'),
    word('paralizzato'),
    word('avvelenato'),
    word('losco'),
    word('sei stato'),
    word('sei entrato'),
    word('te stesso'),
    word('sé stesso'),
    word('consegnagli'),
    word('sbranarlo'),
    word('piazzato'),
    word('visto come'),
    word('astenuti'),
    word('morto/a'),
    word('paralizzato/a'),
    word('da solo'),
    word('spettatore'),
  ],
  ru: [
    word('погиб'),
    word('нашёл'),
    word('использовал'),
    word('покинул'),
    word('узнал'),
    word('сожжённый'),
    word('сожжён'),
    word('растерзан'),
    word('умер'),
    word('удалён'),
    word('невиновен'),
    word('подозрителен'),
    word('мёртв'),
    word('мёртв\\(а\\)'),
    word('жив'),
    word('вернулся'),
    word('освобождён'),
    word('посажен'),
    word('вылечил'),
    word('попал'),
    word('бросил'),
    word('был'),
    word('закончил'),
    word('отравлен'),
    word('проклят'),
    word('парализован'),
    word('превращён'),
    word('размещён'),
    word('виден'),
    word('мёртвого'),
    word('заключённого'),
  ],
};

const offending = (texts: string[], lang: 'it' | 'ru') => [...new Set(texts)].filter((t) => MASCULINE[lang].some((re) => re.test(t)));

describe('issue 15: texts about a player fit any gender', () => {
  for (const lang of ['it', 'ru'] as const) {
    it(`${lang}: every event, with ${WOMAN[lang]} in each player hole and every cause, has no masculine-only form`, () => {
      const texts = renderedEvents(lang);
      expect(texts.length).toBeGreaterThan(1000);
      expect(texts.some((t) => t.includes(WOMAN[lang]))).toBe(true);
      expect(offending(texts, lang)).toEqual([]);
    });

    it(`${lang}: UI strings, statuses, causes and refusals have no masculine-only form`, () => {
      expect(offending(otherTexts(lang), lang)).toEqual([]);
    });
  }

  it('reads a death by every cause as one sentence with the cause as a noun (it, ru)', () => {
    const death = (lang: 'it' | 'ru', cause: string) => eventText(lang, 'lupus', { kind: 'death', player: 'giulia', cause }, names(lang));
    expect(death('it', 'stake')).toBe('Giulia muore. Causa: rogo.');
    expect(death('it', 'mauled')).toBe('Giulia muore. Causa: sbranamento del branco.');
    expect(death('ru', 'stake')).toBe('Юлия погибает. Причина: костёр.');
    expect(death('ru', 'night')).toBe('Юлия погибает. Причина: смерть ночью.');
    for (const lang of ['it', 'ru'] as const)
      for (const c of CAUSES) expect(death(lang, c)).not.toMatch(/\{|Stake|Mauled|Night|Removed|Mysterious/);
  });
});
