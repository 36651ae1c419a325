// The post's own words (headers and the vote count's lines), in it, ru, en. Event texts come from the
// page's catalog (words.ts); only what a GM's post adds around them lives here. Plurals by Intl.PluralRules.

import { DICTS } from '../../../web/src/i18n/index.js';
import type { Lang } from '../../../web/src/i18n/langs.js';

export { LANGS, type Lang } from '../../../web/src/i18n/langs.js';

type Forms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

const rules = new Map<Lang, Intl.PluralRules>();
/** The plural form of `forms` for `n` in `lang` (`other` when the language has no such form). */
export function plural(lang: Lang, n: number, forms: Forms): string {
  let r = rules.get(lang);
  if (!r) rules.set(lang, (r = new Intl.PluralRules(lang)));
  return forms[r.select(n)] ?? forms.other;
}

export interface Phrases {
  results: string;
  voteCount: string;
  finalVoteCount: string;
  noVotes: string;
  notVoting: (n: number) => string;
  abstaining: (n: number) => string;
  /** How the ruleset counts (its board's rule line). */
  rule: (ruleset: string) => string;
  /** What the close would do to a line (`VoteLine.outcome`) and whether that is certain; '' for a line merely safe. */
  outcome: (outcome: string, ruleset: string, certain: boolean) => string;
  /** The whole vote decides nobody on these ballots. */
  nobody: (ruleset: string, certain: boolean) => string;
  deadline: (at: string) => string;
  next: (phase: string, at: string | null) => string;
  paused: string;
  ended: string;
  matchPage: string;
  changes: string;
  history: string;
  historyVote: (voter: string, target: string) => string;
  historyAbstain: (voter: string) => string;
  historyWithdraw: (voter: string) => string;
  nothingPublic: string;
  footer: string;
}

/** A text of the page's catalogue in `lang` (the ruleset's own first): one text for the board and the post. */
export const ui = (lang: Lang, key: string): string => DICTS[lang].ui[key] ?? key;

/** `outcome` of Phrases, the same in every language: the ruleset's word for it, and "certain" when it is. */
function outcomeOf(lang: Lang, outcome: string, ruleset: string, certain: boolean): string {
  if (outcome === 'safe' && !certain) return '';
  const word = outcome === 'safe' ? ui(lang, 'tally-safe') : ui(lang, `tally-${outcome}-${ruleset}`);
  return certain ? `${word} (${ui(lang, 'tally-certain')})` : word;
}
const nobodyOf = (lang: Lang, ruleset: string, certain: boolean) => (certain ? `${ui(lang, `tally-nobody-${ruleset}`)} (${ui(lang, 'tally-certain')})` : ui(lang, `tally-nobody-${ruleset}`));

export const PHRASES: Record<Lang, Phrases> = {
  it: {
    results: 'Esito',
    voteCount: 'Conta dei voti',
    finalVoteCount: 'Conta finale dei voti',
    noVotes: 'Nessun voto.',
    notVoting: (n) => `Non votanti (${n})`,
    abstaining: (n) => `Astensioni (${n})`,
    rule: (ruleset) => ui('it', `tally-rule-${ruleset}`),
    outcome: (outcome, ruleset, certain) => outcomeOf('it', outcome, ruleset, certain),
    nobody: (ruleset, certain) => nobodyOf('it', ruleset, certain),
    deadline: (at) => `Scadenza: ${at}`,
    next: (phase, at) => (at ? `Prossima fase: ${phase}, scadenza ${at}.` : `Prossima fase: ${phase}.`),
    paused: 'La partita è in pausa.',
    ended: 'La partita è finita.',
    matchPage: 'Pagina della partita',
    changes: 'In grassetto i voti nuovi dall’ultima conta; in grigio quelli ritirati o spostati.',
    history: 'Cronologia dei voti',
    historyVote: (v, t) => `${v} vota ${t}`,
    historyAbstain: (v) => `${v} si astiene`,
    historyWithdraw: (v) => `${v} ritira il voto`,
    nothingPublic: 'Nessun evento pubblico.',
    footer: 'Post scritto da dusk, il master che non dorme mai.',
  },
  ru: {
    results: 'Итоги',
    voteCount: 'Подсчёт голосов',
    finalVoteCount: 'Итоговый подсчёт голосов',
    noVotes: 'Голосов нет.',
    notVoting: (n) => `Не голосуют (${n})`,
    abstaining: (n) => `Воздержались (${n})`,
    rule: (ruleset) => ui('ru', `tally-rule-${ruleset}`),
    outcome: (outcome, ruleset, certain) => outcomeOf('ru', outcome, ruleset, certain),
    nobody: (ruleset, certain) => nobodyOf('ru', ruleset, certain),
    deadline: (at) => `Срок: ${at}`,
    next: (phase, at) => (at ? `Следующая фаза: ${phase}, срок ${at}.` : `Следующая фаза: ${phase}.`),
    paused: 'Партия на паузе.',
    ended: 'Партия окончена.',
    matchPage: 'Страница партии',
    changes: 'Жирным — новые голоса с прошлого подсчёта; серым — снятые или перенесённые.',
    history: 'История голосования',
    historyVote: (v, t) => `${v} голосует за ${t}`,
    historyAbstain: (v) => `${v} воздерживается`,
    historyWithdraw: (v) => `${v} снимает голос`,
    nothingPublic: 'Публичных событий нет.',
    footer: 'Пост написан dusk — ведущим, который никогда не спит.',
  },
  en: {
    results: 'Results',
    voteCount: 'Vote count',
    finalVoteCount: 'Final vote count',
    noVotes: 'No votes.',
    notVoting: (n) => `Not voting (${n})`,
    abstaining: (n) => `Abstaining (${n})`,
    rule: (ruleset) => ui('en', `tally-rule-${ruleset}`),
    outcome: (outcome, ruleset, certain) => outcomeOf('en', outcome, ruleset, certain),
    nobody: (ruleset, certain) => nobodyOf('en', ruleset, certain),
    deadline: (at) => `Deadline: ${at}`,
    next: (phase, at) => (at ? `Next phase: ${phase}, deadline ${at}.` : `Next phase: ${phase}.`),
    paused: 'The match is paused.',
    ended: 'The match is over.',
    matchPage: 'Match page',
    changes: 'Bold: new since the last count; grey: withdrawn or moved.',
    history: 'Vote history',
    historyVote: (v, t) => `${v} votes ${t}`,
    historyAbstain: (v) => `${v} abstains`,
    historyWithdraw: (v) => `${v} withdraws`,
    nothingPublic: 'No public events.',
    footer: 'Posted by dusk, the game master that never sleeps.',
  },
};

/** A deadline as the thread reads it: weekday, date and time in the match's zone, with the zone's name. */
export function formatAt(lang: Lang, at: number, timeZone: string): string {
  const format = new Intl.DateTimeFormat(lang, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  });
  return format.format(at);
}
