// The post's own words (headers and the vote count's lines), in it, ru, en. Event texts come from the
// page's catalog (words.ts); only what a GM's post adds around them lives here. Plurals by Intl.PluralRules.

import { DICTS } from '../../../texts/index.js';
import type { Lang } from '../../../texts/langs.js';

export { LANGS, type Lang } from '../../../texts/langs.js';

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
  /**
   * The day's rule (LUP-8.5, MAF-3.5): the most votes at the close decide, so M votes (a majority of
   * the N alive) make the outcome certain; they are not a threshold. In the ruleset's words.
   */
  majority: (alive: number, needed: number, ruleset: string) => string;
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

/** What the day's vote does, in the ruleset's words (its dictionary), else the platform's. */
const eliminate = (lang: Lang, ruleset: string) => DICTS[lang].ui[`post-eliminate-${ruleset}`] ?? DICTS[lang].ui['post-eliminate']!;

export const PHRASES: Record<Lang, Phrases> = {
  it: {
    results: 'Esito',
    voteCount: 'Conta dei voti',
    finalVoteCount: 'Conta finale dei voti',
    noVotes: 'Nessun voto.',
    notVoting: (n) => `Non votanti (${n})`,
    abstaining: (n) => `Astensioni (${n})`,
    majority: (alive, needed, ruleset) =>
      `Con ${alive} ${plural('it', alive, { one: 'giocatore in vita', other: 'giocatori in vita' })}, alla chiusura si decide chi ${eliminate('it', ruleset)} a maggioranza relativa; ${needed} ${plural('it', needed, { one: 'voto lo rende certo', other: 'voti lo rendono certo' })}.`,
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
    majority: (alive, needed, ruleset) =>
      `При ${alive} ${plural('ru', alive, { one: 'живом игроке', other: 'живых игроках' })} кого ${eliminate('ru', ruleset)}, решает относительное большинство голосов к закрытию; ${needed} ${plural('ru', needed, { one: 'голос гарантирует', few: 'голоса гарантируют', many: 'голосов гарантируют', other: 'голоса гарантируют' })} исход.`,
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
    majority: (alive, needed, ruleset) =>
      `With ${alive} alive, the most votes at the close decide whom to ${eliminate('en', ruleset)}; ${needed} ${plural('en', needed, { one: 'vote makes', other: 'votes make' })} it certain.`,
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
