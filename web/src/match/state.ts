// What the match page's panels share: the reads as last loaded, who this browser is in the match,
// and the two ways to show something new (read again, or render again from what is held).
import type { Ctx } from '../format.js';
import { mapFor, type KgBoard } from '../killgame.js';
import { refusalText } from '../lang.js';
import { keysFor, type Keys } from '../store.js';
import type { ActionsResponse, Ev, GmResponse, MeResponse, Summary } from '../types.js';
import { toast } from '../ui.js';
import type { ServerCount } from './votes.js';

export interface MatchState {
  readonly matchId: string;
  summary: Summary | null;
  me: MeResponse | null;
  actions: ActionsResponse | null;
  gm: GmResponse | null;
  /** What anyone may read (a spectator's record). */
  publicEvents: Ev[];
  votes: ServerCount | null;
  /** Kill Game monsters seen spawning, so an event names a monster's species after it is gone. */
  monsterSpecies: Map<string, string>;
  /** Reads what is new and renders it (after a write of this page, on a notice). */
  refresh(): Promise<void>;
  /** Renders again from what is held (after a choice made on the page). */
  render(): void;
  /** Whether the record holds the log's beginning; if not, `older` reads the page before it and renders. */
  hasOlder(): boolean;
  older(): Promise<void>;
}

export const keys = (s: MatchState): Keys => keysFor(s.matchId);

export const playerToken = (s: MatchState): string => keys(s).player?.token ?? '';

/** The phase guard (decision 6): what the player saw open, so a request never lands in the phase after it. */
export const guard = (s: MatchState): { phase?: string } => (s.summary?.phase ? { phase: s.summary.phase } : {});

export const fail = (error: unknown): void => toast(refusalText(error), 'error');

/** What the slots' keys hold of the names: a rename (a substitute) re-renders what shows it. */
export const namesKey = (c: Ctx): string => [...c.players].join('\n');

export function ctxOf(s: MatchState): Ctx {
  const { me, summary } = s;
  const players = new Map<string, string>();
  // The seat's name now (a substitute's from the substitution on) is the summary's; the ruleset's
  // view keeps the name the seat was dealt under.
  for (const p of me?.view?.players ?? []) players.set(p.id, p.name);
  for (const p of summary?.players ?? []) players.set(p.id, p.name);
  const zones = new Map<string, string>();
  const board = boardOf(s);
  if (summary?.ruleset === 'killgame') for (const z of mapFor(board, summary.settings)?.zones ?? []) zones.set(z.id, z.name);
  const monsters = new Map(s.monsterSpecies);
  for (const m of board?.monsters ?? []) monsters.set(m.id, m.species);
  return { ruleset: summary?.ruleset ?? '', players, me: me?.playerId, zones, monsters };
}

/** The Kill Game board as this reader sees it (his view's, else the public one). */
export const boardOf = (s: MatchState): KgBoard | null => (s.me?.view?.board ?? s.summary?.board ?? null) as KgBoard | null;

export function personalLink(matchId: string, token: string): string {
  return `${location.origin}${location.pathname}#/m/${encodeURIComponent(matchId)}/key/${encodeURIComponent(token)}`;
}

/** A private lobby's link (issue 44): it opens the join with the invitation code. */
export function inviteLink(matchId: string, code: string): string {
  return `${location.origin}${location.pathname}#/m/${encodeURIComponent(matchId)}/invite/${encodeURIComponent(code)}`;
}

export function joinLink(matchId: string): string {
  return `${location.origin}${location.pathname}#/m/${encodeURIComponent(matchId)}`;
}
