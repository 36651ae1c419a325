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
const nobodyOf = (lang: Lang, ruleset: string, certain: boolean) =>
  certain ? `${ui(lang, `tally-nobody-${ruleset}`)} (${ui(lang, 'tally-certain')})` : ui(lang, `tally-nobody-${ruleset}`);

function phrasesOf(lang: Lang): Phrases {
  const say = (key: PostKey, params?: Record<string, unknown>) => postText(lang, key, params);
  return {
    results: say('results'),
    voteCount: say('vote-count'),
    finalVoteCount: say('final-vote-count'),
    noVotes: say('no-votes'),
    notVoting: (n) => say('not-voting', { n }),
    abstaining: (n) => say('abstaining', { n }),
    rule: (ruleset) => ui(lang, `tally-rule-${ruleset}`),
    outcome: (outcome, ruleset, certain) => outcomeOf(lang, outcome, ruleset, certain),
    nobody: (ruleset, certain) => nobodyOf(lang, ruleset, certain),
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
