// Issue 42: Russian and Italian texts that name a player, an item or a role hold for any name. Russian
// names are never declined, so a name never follows a preposition, a possessive head or a verb that governs
// a case; Italian numbers agree with their noun. Every event kind (each branch) and every UI string is
// rendered with names of both genders and nicknames no grammar knows.
import { describe, expect, it } from 'vitest';
import { DICTS, eventText, format, type Lang } from '../../../texts/index.js';

const NAMES = {
  it: ['Vera', 'Alessio', 'xX_Wolf_Xx', 'Anna-Maria'],
  ru: ['Вера', 'Алексей', 'xX_Wolf_Xx', 'Анна-Мария', 'Плащ-невидимка'],
} as const;

// Fields a template tests to choose its text, with the value that turns each branch on.
const FLAGS: Record<string, unknown> = {
  wolf: true,
  success: true,
  cause: 'stake',
  default: true,
  op: 'sell',
  gas: true,
  value: 2,
  forced: ['x'],
  runoff: ['x'],
  players: ['x', 'x'],
  monsters: ['x'],
  smokeNear: ['x'],
  gasNear: ['x'],
};
const variants = (): Array<Record<string, unknown>> => [{}, FLAGS, ...Object.keys(FLAGS).map((k) => ({ [k]: FLAGS[k] }))];
const NUMBERS = /^(damage|turns|count|amount|presences|price|tokens|value|n)$/;
/** A table's size is never 1: these holes always hold a real table's. */
const TABLE = /^(players|bandits|dealt|joined|quorum|playerCount|alive|needed)$/;

/** Every event text of `lang`, each name hole holding `name` and each number hole `n`. */
function events(lang: 'it' | 'ru', name: string, n: number): string[] {
  const out: string[] = [];
  for (const [key, tpl] of Object.entries(DICTS[lang].events)) {
    const [ruleset, kind] = key.includes(':') ? key.split(':') : ['lupus', key];
    for (const flags of variants()) {
      const numeric = Object.fromEntries(Object.entries(flags).map(([k, v]) => [k, NUMBERS.test(k) && typeof v === 'number' ? n : v]));
      const base = { ...numeric, damage: n, turns: n, count: n, presences: typeof flags.presences === 'number' ? n : undefined, kind };
      const raw = typeof tpl === 'function' ? tpl(base) : tpl;
      const event: Record<string, unknown> = { ...base };
      for (const [, h] of raw.matchAll(/\{([\w-]+)(?:\|\w+)?\}/g))
        if (!(h! in event) || event[h!] === undefined) event[h!] = TABLE.test(h!) ? 8 : NUMBERS.test(h!) ? n : 'who';
      out.push(`${key}: ${eventText(lang, ruleset!, event, (id) => (id === 'who' || id === 'x' ? name : undefined))}`);
    }
  }
  return out;
}

function ui(lang: 'it' | 'ru', name: string, n: number): string[] {
  // Names in the holes that take one; numbers and times elsewhere, so only a name's surroundings are judged.
  const params = new Proxy(
    {},
    {
      get: (_t, k) =>
        typeof k !== 'string' ? n : /^(name|player|target|voter|winner|by|item|role|who|from)$/.test(k) ? name : TABLE.test(k) ? 8 : n,
      has: () => true,
    },
  );
  return Object.keys(DICTS[lang].ui).map(
    (k) =>
      `ui.${k}: ${format(lang as Lang, k, params)} ${DICTS[lang].ui[k]!.endsWith(' ') || /:\s*$|за$/.test(DICTS[lang].ui[k]!) ? name : ''}`,
  );
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// Words after which a Russian name would have to change its case.
const RU_GOVERNS = [
  'за',
  'у',
  'к',
  'ко',
  'с',
  'со',
  'о',
  'об',
  'от',
  'для',
  'на',
  'в',
  'во',
  'по',
  'при',
  'про',
  'через',
  'без',
  'из',
  'до',
  'вместо',
  'между',
  'против',
  'среди',
  'играете',
  'слово',
  'роль',
  'находит',
  'обратил',
  'спасли',
  'подняли',
  'поднять',
  'украли',
  'поймал',
  'восхваляет',
  'использует',
  'посадить',
  'решено',
  'попали',
  'связались',
];
const ruBad = (name: string) => new RegExp(`(?<![\\p{L}-])(${RU_GOVERNS.join('|')}) ${esc(name)}(?![\\p{L}])`, 'iu');
// Italian: one of a thing read as many, a phase's gender guessed, a person's gender guessed, an infinitive as a noun.
const IT_BAD = [
  /\b1 (danni|turni|razioni|presenze|volte|punti|cariche|iscritti|giocatori)\b/,
  /è di nuovo aperta/,
  /\bCacciata\b/,
  /Inviato: [A-Z]/,
  /deciso da nessuno/,
  /Voti: \./,
];

describe('issue 42: texts that name someone hold for any name (Russian without declension, Italian agreement)', () => {
  for (const name of NAMES.ru) {
    it(`ru: no event or UI text puts «${name}» after a preposition, a possessive head or a governing verb`, () => {
      const texts = [...events('ru', name, 1), ...events('ru', name, 2), ...ui('ru', name, 2)];
      expect(texts.filter((t) => ruBad(name).test(t))).toEqual([]);
      expect(texts.filter((t) => /никем|Голоса: \./.test(t))).toEqual([]);
    });
  }

  for (const name of NAMES.it) {
    it(`it: with «${name}», numbers agree (1 danno, 2 danni) and no text guesses a gender or a part of speech`, () => {
      const texts = [...events('it', name, 1), ...events('it', name, 2), ...ui('it', name, 1), ...ui('it', name, 2)];
      expect(texts.filter((t) => IT_BAD.some((re) => re.test(t)))).toEqual([]);
    });
  }

  it('the forms the issue asked for read as written (rules MAF-3.9, LUP-11.5)', () => {
    const say = (lang: Lang, ruleset: string, e: Record<string, unknown>) =>
      eventText(lang, ruleset, e, (id) => ({ a: 'Алексей', v: 'Вера', p: 'Плащ-невидимка', c: 'Carla', d: 'Dario', pack: 'Branco' })[id]);
    expect(say('ru', 'mafia', { kind: 'vote-cast', voter: 'a', target: 'v' })).toBe('Голос: Алексей → Вера.');
    expect(say('ru', 'mafia', { kind: 'last-words', player: 'v', text: '…' })).toBe('Последнее слово — Вера: …');
    expect(say('ru', 'mafia', { kind: 'item-found', player: 'v', item: 'p', rarity: 'r' })).toBe('Находка — Вера: Плащ-невидимка (r).');
    expect(say('ru', 'mafia', { kind: 'vote-result', tally: {}, leaders: [], jailed: null, decidedBy: 'none' })).toBe(
      'Голосов нет. В тюрьму никто не отправлен.',
    );
    expect(say('it', 'mafia', { kind: 'vote-result', tally: {}, leaders: [], jailed: null, decidedBy: 'none' })).toBe(
      'Nessun voto. Nessuno va in prigione.',
    );
    expect(say('it', 'lupus', { kind: 'match-ended', winner: 'pack', winners: ['c', 'd'], roles: {} })).toMatch(
      /^La partita è finita\. Vince il Branco: Carla, Dario\./,
    );
    expect(format('ru', 'playing-as')).toBe('Вы играете:');
  });
});
