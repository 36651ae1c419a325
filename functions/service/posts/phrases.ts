// The post's own words (headers and the vote count's lines) as render.ts calls them: the catalogue's ICU
// messages (texts/<lang>/posts.ts) with their holes filled, plurals by the catalogue's one mechanism.

import { DICTS, postText, type PostKey } from '../../../texts/index.js';
import { LANGS, type Lang } from '../../../texts/langs.js';

export { LANGS, type Lang } from '../../../texts/langs.js';

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

function phrasesOf(lang: Lang): Phrases {
  const say = (key: PostKey, params?: Record<string, unknown>) => postText(lang, key, params);
  return {
    results: say('results'),
    voteCount: say('vote-count'),
    finalVoteCount: say('final-vote-count'),
    noVotes: say('no-votes'),
    notVoting: (n) => say('not-voting', { n }),
    abstaining: (n) => say('abstaining', { n }),
    majority: (alive, needed, ruleset) => say('majority', { alive, needed, eliminate: eliminate(lang, ruleset) }),
    deadline: (at) => say('deadline', { at }),
    next: (phase, at) => (at ? say('next', { phase, at }) : say('next-unscheduled', { phase })),
    paused: say('paused'),
    ended: say('ended'),
    matchPage: say('match-page'),
    changes: say('changes'),
    history: say('history'),
    historyVote: (voter, target) => say('history-vote', { voter, target }),
    historyAbstain: (voter) => say('history-abstain', { voter }),
    historyWithdraw: (voter) => say('history-withdraw', { voter }),
    nothingPublic: say('nothing-public'),
    footer: say('footer'),
  };
}

export const PHRASES = Object.fromEntries(LANGS.map((l) => [l, phrasesOf(l)])) as Record<Lang, Phrases>;

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
  return `${format.format(at)}${zoneName(timeZone)}`;
}

/** The zone a time is read in, named (` (Europe/Rome)`), unless its short name already is the zone (UTC). */
export const zoneName = (timeZone: string): string => (timeZone === 'UTC' || timeZone === 'Etc/UTC' ? '' : ` (${timeZone})`);
