// Pure: a phase's public record (and its vote count) → the post a forum GM writes, in BBCode or Markdown.
import type { GameEvent } from '../../../engine/core/types.js';
import { termText } from '../../../texts/index.js';
import type { VoteChange, VoteCount } from '../toolkit/vote-count.js';
import { markupOf, type Markup, type Target } from './markup.js';
import { formatAt, PHRASES, ui, zoneName, type Lang } from './phrases.js';
import { eventText, nameOf, phaseTitle, type Fill } from './words.js';

export interface PostMatch {
  id: string;
  name: string;
  ruleset: string;
  /** The time zone deadlines are shown in. */
  timeZone: string;
  /** The match page (absolute when the site's address is known). */
  url: string;
}

export interface PhasePostInput {
  match: PostMatch;
  phase: string;
  /** The phase's public events, as its published file holds them. */
  events: GameEvent[];
  names: Record<string, string>;
  /** Kill Game's monsters seen so far (id → species), so a monster reads as its species. */
  monsters?: Record<string, string>;
  /** The phase's public vote count, when it has one. */
  votes: VoteCount | null;
  /** What follows: the next phase (null once the match is over), its deadline while it is the open one. */
  next: { phase: string | null; deadline: number | null; paused: boolean };
}

export interface VotePostInput {
  match: PostMatch;
  votes: VoteCount;
  /** Changes after this moment (epoch ms) are marked as new since the last count. */
  since?: number | undefined;
}

export interface PostOptions {
  lang: Lang;
  format: Target;
}

/** Ballot traffic is the vote count's, chat is the thread's own: neither is repeated as an event line. */
const NOT_LISTED = new Set(['message', 'vote-cast', 'vote-withdrawn']);
const DEATHS = new Set(['death', 'died', 'player-died', 'jailed', 'left-town']);
const RETURNS = new Set(['resurrected', 'released']);

function fillOf(match: PostMatch, names: Record<string, string>, lang: Lang, m: Markup, monsters?: Record<string, string>): Fill {
  return { lang, ruleset: match.ruleset, names, monsters, esc: m.text };
}

function eventLine(f: Fill, m: Markup, e: GameEvent): string {
  const text = eventText(f, e);
  if (DEATHS.has(e.kind)) return m.bold(m.color(text, 'red'));
  if (RETURNS.has(e.kind)) return m.color(text, 'green');
  if (e.kind === 'match-ended') return m.bold(text);
  return text;
}

const join = (blocks: Array<string | null | undefined | false>) =>
  `${blocks.filter((b): b is string => typeof b === 'string' && b !== '').join('\n\n')}\n`;

/** The ballots as they stood at `since` (from the count's own history). */
function ballotsAt(history: VoteChange[], since: number): Map<string, string | null> {
  const ballots = new Map<string, string | null>();
  for (const h of history) {
    if (h.at === null || h.at > since) break;
    if (h.change === 'withdraw') ballots.delete(h.voter);
    else ballots.set(h.voter, h.target);
  }
  return ballots;
}

/** The vote count in the MafiaScum layout: `Name (n): voters in order`, largest first. */
function voteBlock(match: PostMatch, votes: VoteCount, o: PostOptions, since?: number): string {
  const m = markupOf(o.format);
  const p = PHRASES[o.lang];
  const f = fillOf(match, votes.names, o.lang, m);
  const who = (id: string) => nameOf(f, id);
  const before = since === undefined ? null : ballotsAt(votes.history, since);
  let changed = false;
  const mark = (id: string, now: string | null) => {
    if (before === null || (before.has(id) && before.get(id) === now)) return who(id);
    changed = true;
    return m.bold(who(id));
  };
  const goneFrom = (target: string | null, stay: string[]) => {
    if (before === null) return [];
    const gone = [...before].filter(([voter, t]) => t === target && !stay.includes(voter)).map(([voter]) => voter);
    if (gone.length) changed = true;
    return gone.map((voter) => m.gone(who(voter)));
  };
  const lines: string[] = votes.lines.map((l) => {
    const voters = [...l.voters.map((v) => mark(v, l.target)), ...goneFrom(l.target, l.voters)];
    const outcome = p.outcome(l.outcome, match.ruleset, l.certain);
    return `${m.bold(`${who(l.target)} (${l.count})`)}: ${voters.join(', ')}${outcome ? ` — ${m.italic(outcome)}` : ''}`;
  });
  // A candidate every vote left since the last count: shown at 0 with the votes he lost.
  if (before !== null) {
    const listed = new Set(votes.lines.map((l) => l.target));
    for (const target of new Set([...before.values()])) {
      if (target === null || listed.has(target)) continue;
      const gone = goneFrom(target, []);
      if (gone.length) lines.push(`${m.bold(`${who(target)} (0)`)}: ${gone.join(', ')}`);
    }
  }
  if (lines.length === 0) lines.push(m.italic(p.noVotes));
  const abstaining = [...votes.abstain.map((v) => mark(v, null)), ...goneFrom(null, votes.abstain)];
  if (abstaining.length) lines.push(`${p.abstaining(votes.abstain.length)}: ${abstaining.join(', ')}`);
  lines.push(
    `${p.notVoting(votes.notVoting.length)}: ${votes.notVoting.length ? votes.notVoting.map(who).join(', ') : m.text(termText(o.lang, 'nobody') ?? '—')}`,
  );
  if (votes.forced.length) lines.push(`${ui(o.lang, `tally-forced-${match.ruleset}`)} ${votes.forced.map(who).join(', ')}`);
  if (votes.barred.length) lines.push(`${ui(o.lang, `tally-barred-${match.ruleset}`)} ${votes.barred.map(who).join(', ')}`);
  const title = `${votes.open ? p.voteCount : p.finalVoteCount} — ${phaseTitle(o.lang, votes.phase)}`;
  // The count's own verdict: a decision for nobody says so (a line's outcome says the rest).
  const tail = [p.rule(match.ruleset)];
  if (votes.lines.length > 0 && votes.decision === 'nobody') tail.unshift(p.nobody(match.ruleset, votes.certain));
  if (votes.deadline !== null) tail.push(p.deadline(formatAt(o.lang, votes.deadline, match.timeZone)));
  return [m.bold(title), lines.join(m.br), tail.join(m.br), changed ? m.italic(p.changes) : ''].filter(Boolean).join('\n\n');
}

function historyBlock(match: PostMatch, votes: VoteCount, o: PostOptions): string {
  if (votes.history.length === 0) return '';
  const m = markupOf(o.format);
  const p = PHRASES[o.lang];
  const f = fillOf(match, votes.names, o.lang, m);
  // Each time with its zone: a reader elsewhere must not take 14:00 for his own.
  const time = new Intl.DateTimeFormat(o.lang, {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: match.timeZone,
    timeZoneName: 'short',
  });
  const items = votes.history.map((h) => {
    const voter = nameOf(f, h.voter);
    const what =
      h.change === 'vote'
        ? p.historyVote(voter, nameOf(f, h.target!))
        : h.change === 'abstain'
          ? p.historyAbstain(voter)
          : p.historyWithdraw(voter);
    return h.at === null ? what : `${time.format(h.at)} ${what}`;
  });
  return m.spoiler(`${p.history}${zoneName(match.timeZone)}`, m.list(items));
}

function linkBlock(match: PostMatch, o: PostOptions): string {
  const m = markupOf(o.format);
  return `${m.link(match.url, `${PHRASES[o.lang].matchPage}: ${m.text(match.name)}`)}${m.br}${m.italic(PHRASES[o.lang].footer)}`;
}

/** The post at a phase's end: title, what happened, the final vote count, what comes next, the link. */
export function phasePost(input: PhasePostInput, o: PostOptions): string {
  const m = markupOf(o.format);
  const p = PHRASES[o.lang];
  const f = fillOf(input.match, input.names, o.lang, m, input.monsters);
  const lines = input.events.filter((e) => !NOT_LISTED.has(e.kind)).map((e) => eventLine(f, m, e));
  const { next } = input;
  const nextLine =
    next.phase === null
      ? p.ended
      : next.paused
        ? `${p.next(phaseTitle(o.lang, next.phase), null)} ${p.paused}`
        : p.next(phaseTitle(o.lang, next.phase), next.deadline === null ? null : formatAt(o.lang, next.deadline, input.match.timeZone));
  return join([
    m.heading(`${m.text(input.match.name)} — ${phaseTitle(o.lang, input.phase)}`),
    `${m.bold(p.results)}\n${lines.length ? m.list(lines) : m.italic(p.nothingPublic)}`,
    input.votes && voteBlock(input.match, input.votes, o),
    input.votes && historyBlock(input.match, input.votes, o),
    m.bold(nextLine),
    linkBlock(input.match, o),
  ]);
}

/** The open day's count as a post of its own (`since`: mark what changed after the last count). */
export function votePost(input: VotePostInput, o: PostOptions): string {
  const m = markupOf(o.format);
  return join([
    m.heading(m.text(input.match.name)),
    voteBlock(input.match, input.votes, o, input.since),
    historyBlock(input.match, input.votes, o),
    linkBlock(input.match, o),
  ]);
}
