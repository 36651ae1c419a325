// The API's answers as the page reads them (shapes from functions/service/*.ts).
import type { AnswerOf } from './api-types.js';
import type { AvailableAction, PendingAction } from '../../engine/core/types.js';
import type { MatchStatus } from '../../engine/core/match.js';

export interface PlayerSummary {
  id: string;
  name: string;
  alive?: boolean;
}

export interface Summary {
  id: string;
  name: string;
  ruleset: string;
  sandbox: boolean;
  status: MatchStatus;
  phase: string | null;
  deadline: number | null;
  remainingMs: number | null;
  winner: string | null;
  settings: Record<string, unknown>;
  phases: string[];
  players: PlayerSummary[];
  /** In the lobby: who the start would leave out (Mafia players without a specialty, MAF-1.9). */
  notDealt?: string[];
  board?: Record<string, any> | null;
  /** Whether the server runs a Telegram bot (issue 45): the page offers its code and deep link only then. */
  telegram?: boolean;
}

export interface Ev {
  kind: string;
  to: string;
  phase?: string;
  [field: string]: unknown;
}

export interface PlayerView {
  phase: string | null;
  me?: {
    id: string;
    name: string;
    alive: boolean;
    role?: string;
    faction?: string;
    team?: string;
    zone?: string | null;
    stats?: Record<string, number>;
    inventory?: unknown;
    statuses?: unknown;
    channels?: string[];
    [k: string]: unknown;
  };
  players?: Array<{ id: string; name: string; alive?: boolean; role?: string; [k: string]: unknown }>;
  known?: Record<string, Record<string, unknown>>;
  board?: Record<string, any> | null;
  [k: string]: unknown;
}

export interface MeResponse {
  match: Summary;
  playerId: string;
  name: string;
  options?: Record<string, unknown>;
  checked: boolean;
  view: PlayerView | null;
  /** The channels he may write in now. */
  writable?: string[];
  submitted: Array<{ slot: string; type: string; [k: string]: unknown }>;
  events: Ev[];
  cursor: EventCursor;
}

/** Where an event read stopped (functions/service/event-pages.ts): ask with `since=next` for what is newer. */
export interface EventCursor {
  next: string;
  before: string | null;
  more: boolean;
  /** The cursor sent is void (a rollback rewrote the log): this answer is a first page. */
  reset: boolean;
}

/** What anyone may see (GET /spectate): the public summary and board, the public events, the count. */
export interface SpectateResponse extends Summary {
  events: Ev[];
  cursor: EventCursor;
  votes: unknown;
}

export interface ActionsResponse {
  phase: string | null;
  checked?: boolean;
  actions: AvailableAction[];
}

export interface GmResponse {
  match: Summary;
  seed: string | null;
  dice: string;
  players: Array<{ id: string; name: string; seat: number; options: Record<string, unknown>; checked: boolean }>;
  view: unknown;
  facts: unknown;
  /** The outcomes the GM may force (the ruleset's own list). */
  winners?: string[];
  /** A private lobby's invitation code (issue 44). */
  invite?: string;
  pending: PendingAction[];
  events: Ev[];
  cursor: EventCursor;
}

/** One ruleset as `GET /api/rulesets` describes it (the route's own answer type). */
export type RulesetInfo = AnswerOf<'GET', '/api/rulesets'>['rulesets'][number];
