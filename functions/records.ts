// The records the ports carry: what the store keeps and the adapters hand over (data only).
import type { DiceMode } from '../engine/core/rng.js';
import type { Lang } from '../texts/langs.js';
import type { EventOrigin, Reader, StoredEvent } from '../engine/core/events.js';
import type { MatchStatus, PendingChange } from '../engine/core/match.js';
import type { GameEvent, PendingAction } from '../engine/core/types.js';
import type { InlineKeyboard } from './telegram/bot-api.js';

/** Which submission a stored slot holds (decision 8: one order for ballots). */
export interface ActionOrder {
  player: string;
  owner: string;
  slot: string;
  /** The sequence prefix of the submission's events; null for a slot the platform filled. */
  order: string | null;
}

export interface MatchMeta {
  id: string;
  name: string;
  ruleset: string;
  sandbox: boolean;
  status: MatchStatus;
  settings: Record<string, unknown>;
  /** The open phase, null before the start and after the end. */
  phase: string | null;
  /** `open` while the phase takes actions, `resolving` while a resolver holds the lease. */
  phaseStatus: 'open' | 'resolving';
  openedAt: number | null;
  deadline: number | null;
  /** Remaining time of the open phase while paused. */
  remainingMs: number | null;
  /** Set when the phase must close before its deadline (all checked, resolve now): when it was asked. */
  closeRequestedAt: number | null;
  leaseUntil: number | null;
  /**
   * Who holds the lease: a random id written with the claim. A resolution commits only while META
   * still carries its claim id, whatever else moved META meanwhile (decision 7).
   */
  claimId?: string | null;
  /** The phase whose results still wait to be published and the next trigger scheduled. */
  needsPublish: string | null;
  seed: string | null;
  dice: DiceMode;
  winner: string | null;
  version: number;
  nextSeat: number;
  createdAt: number;
  gmTokenHash: string;
  /** Phases resolved so far, in order. */
  history: string[];
  /** GM toolkit (all optional, absent on older matches). The start's input beyond the seats, for export and replay. */
  start?: StartRecord;
  /** No-show policy: the phases in which each player sent nothing. */
  noShows?: Record<string, string[]>;
  /** Where announcements and reminders go: GM-only, never published or exported. */
  webhooks?: WebhookConfig;
  /** Players seated in the lobby (joins less lobby removals); absent on older matches (`seatedIn`). */
  seated?: number;
  /** Created past its creator's allowance of listed empty lobbies: listed after every other lobby while empty. */
  overflow?: true;
  /** Issue 44: a private lobby, never listed; only its invitation (lifecycle's `inviteCode`) lets a player join. */
  unlisted?: true;
  /** Made by `POST /api/matches/import` (decision 9): never listed, marked in its public summary. */
  imported?: true;
  /** An imported match: the record's state hash per state key (replay compares against these). */
  recorded?: Record<string, string>;
}

/** What `setup` received at the start besides the seats (which PLAYER records keep). */
export interface StartRecord {
  settings: Record<string, unknown>;
  /**
   * A sandbox start's `{ players, setup }` (fixed keys per player, setup object) as the JSON received:
   * a string, since a DynamoDB map does not keep key order and a replay must hand `setup` the same bytes.
   */
  sandbox?: string;
}

export type WebhookFormat = 'json' | 'discord' | 'telegram' | 'discourse';

export interface WebhookTarget {
  url: string;
  format: WebhookFormat;
  /** Telegram's chat id (sent in the body). */
  chatId?: string;
  /** Discourse: the forum's base URL is `url`; the topic each phase's post goes to, as whom, in which language. */
  topicId?: number;
  apiUsername?: string;
  /** Discourse's API key: write-only (stored here, sent as a header, never returned, exported or logged). */
  apiKey?: string;
  lang?: Lang;
}

export interface WebhookConfig {
  targets: WebhookTarget[];
  remindBeforeMinutes: number;
}

export interface PlayerRecord {
  id: string;
  name: string;
  seat: number;
  tokenHash: string;
  options: Record<string, unknown>;
  /** The phase in which the player last checked. */
  checkedPhase: string | null;
  /** The seat's name at the start, kept when a substitute takes the seat (replay deals with it). */
  startName?: string;
  /** The people a substitute replaced in this seat: their old tokens' hashes, so an old link is told so. */
  replaced?: Array<{ tokenHash: string; name: string }>;
}

/**
 * A place in a match's event log. Every write that stores events takes the next `n` (from 1, in commit
 * order, so a reader that has seen `n` has seen everything before it); `k` counts the write's chunks.
 */
export interface LogPosition {
  n: number;
  k: number;
}

export interface LogPage {
  after?: LogPosition;
  before?: LogPosition;
  /** At most this many chunks. */
  limit: number;
}

export interface StoredEventEntry {
  at: LogPosition;
  events: StoredEvent[];
}

export interface LogSlice {
  /** Oldest first. */
  entries: StoredEventEntry[];
  /** More entries lie beyond the page (newer after `after`, older otherwise). */
  more: boolean;
  /** Counts the rewrites of the log (a GM rollback): a position read under another epoch is void. */
  epoch: number;
  /** Items the store read for the page (the cost a benchmark reports). */
  itemsRead: number;
}

export interface MatchPageQuery {
  /** Items read (before the filter), at most. */
  limit: number;
  /** Where the previous page stopped (the store's own key, carried by the list's cursor); another list's key is refused (ForeignPageKey). */
  after?: Record<string, string>;
  /** Only matches created at or after this instant (lobbies that have not expired). */
  createdSince?: number;
  /** Lobbies only, with `tier`: only those created before this instant (the ones that have expired). */
  createdBefore?: number;
  /** Lobbies only: a lobby nobody has joined must also have been created at or after this instant (issue 41). */
  emptySince?: number;
  /** Lobbies only: read one tier of the list (with `createdSince` and `createdBefore`, a span of its creation times). */
  tier?: LobbyTier;
}

/**
 * Where a lobby stands in the public list (issue 41: a flood cannot bury a group's lobby): lobbies
 * someone has joined first, then empty ones within their creator's allowance, then the rest; newest
 * first within each. Ordered as the list reads them, last tier first.
 */
export const LOBBY_TIERS = ['overflow', 'empty', 'joined'] as const;
export type LobbyTier = (typeof LOBBY_TIERS)[number];

/** A lobby's seated players: kept on META since issue 41, else every seat ever given (older lobbies). */
export const seatedIn = (meta: Pick<MatchMeta, 'seated' | 'nextSeat'>): number => meta.seated ?? meta.nextSeat - 1;

export function lobbyTier(meta: Pick<MatchMeta, 'seated' | 'nextSeat' | 'overflow'>): LobbyTier {
  return seatedIn(meta) > 0 ? 'joined' : meta.overflow ? 'overflow' : 'empty';
}

export interface MatchPage {
  matches: MatchMeta[];
  /** Null when the status has no more. */
  after: Record<string, string> | null;
}

/**
 * One owner's slots in the open phase as a submission reads them (decision 6, issue 17): what they
 * hold, and their version, which every submission that changes them moves on by one.
 */
export interface OwnSlots {
  owner: string;
  version: number;
  actions: PendingAction[];
}

/**
 * A submission's or withdrawal's one write. It lands only if META, the player's record and every
 * owner's slots are still as the submission read them, so a request validated on cached reads can
 * never store against a newer match.
 */
export interface SlotWrite {
  matchId: string;
  phase: string;
  player: string;
  now: number;
  /** What the submission read: META's version, the hash of the token it came with, each owner's slots. */
  read: { metaVersion: number; tokenHash: string; slots: OwnSlots[] };
  /** The slots it stores or empties, each of an owner it read; `order` is the submission's events' sequence prefix. */
  changes: Array<PendingChange & { order?: string }>;
  events: StoredEvent[];
}

/** A step that writes events in one piece (a start, a close, a removal, a forced end), and its phase. */
export interface WriteStep {
  phase: string;
  origin: EventOrigin;
}

export interface SlotKey {
  phase: string;
  owner: string;
  slot: string;
}

/** A player's Web Push subscription (the browser's PushSubscription) and the language its notices speak. */
export interface PushSubscriptionRecord {
  matchId: string;
  playerId: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  lang: Lang;
  /** The hash of the token that subscribed: a substitute in the seat does not inherit the old person's devices. */
  tokenHash: string;
  createdAt: number;
}

/** One outgoing webhook delivery, kept until sent or given up (then expired by TTL). */
export interface OutboxItem {
  matchId: string;
  /** Idempotency key inside the match: `<kind>#<phase>#<stamp>#<target index>`. */
  key: string;
  kind: 'results' | 'reminder';
  phase: string;
  /** For reminders: the deadline it announces (dropped at delivery if the deadline moved). */
  deadline: number | null;
  url: string;
  body: string;
  /** A Discourse delivery: its key headers are added at sending, from the match's webhooks (never stored here). */
  format?: WebhookFormat;
  state: 'pending' | 'sent' | 'failed' | 'dropped';
  attempts: number;
  nextAt: number;
  /**
   * Counts the delivery's writes: a claim or a result replaces it only if nobody wrote it since it was
   * read. `nextAt` cannot serve: a send settled at the same clock reading leaves it as it was.
   */
  revision: number;
  lastStatus: number | null;
  lastError: string | null;
  createdAt: number;
}

/** What a write changed, for the open pages of its match: the events it stored, whose write it was. */
export interface LiveNotice {
  events: StoredEvent[];
  /** The open day's vote count after the write, when it changed (pages show it without asking). */
  votes?: unknown;
  /** The player who wrote (his own pages hear of it even when nothing he reads was stored: a check). */
  actor?: string;
  /** The actor's submissions after his write, as his view lists them (`submitted`): only his own pages get them. */
  submitted?: Array<Record<string, unknown>>;
  /** A change everyone may know of (a new phase, a pause, a join): every connection hears of it. */
  everyone?: boolean;
}

/** An open page's connection, authenticated when it connected: it hears only of what its reader may read. */
export interface LiveConnection {
  id: string;
  matchId: string;
  reader: Reader;
}

/** What a live ticket lets its socket be: the reader it was issued to, until when. */
export interface LiveTicket {
  matchId: string;
  reader: Reader;
  /** Epoch ms after which the ticket is void. */
  until: number;
  /** The seat's token hash when issued: a substitution in between voids the ticket. */
  tokenHash?: string;
}

/** What a push service answered to one notice (RFC 8030): 201 taken, 404/410 gone, 429/5xx try later. */
export interface PushAnswer {
  status: number;
}

/** One delivery to one receiver: a Web Push notice to one device, or one stored webhook delivery. */
export type DeliveryJob =
  | {
      kind: 'push';
      matchId: string;
      playerId: string;
      /** The device's digest (notices.ts deviceOf): the endpoint, a capability URL, never travels in a job. */
      device: string;
      key: string;
      payload: {
        kind: 'results' | 'reminder';
        match: { id: string; name: string };
        phase: string;
        next?: string | null;
        deadline?: number;
      };
      ttlSeconds?: number;
    }
  | { kind: 'webhook'; matchId: string; key: string }
  /** Messages to one Telegram chat, in order, each sent once (claimed by `key`, the first change's id, and its index). */
  | {
      kind: 'telegram';
      matchId: string;
      key: string;
      chatId: number;
      messages: TelegramMessageJob[];
      /** Set when the chat is a group mirroring this private channel: who may no longer read it leaves first. */
      channel?: string;
    };

/** One message of a Telegram job: Telegram's HTML, and a keyboard of buttons when it offers actions. */
export interface TelegramMessageJob {
  text: string;
  keyboard?: InlineKeyboard;
  /** A claim of its own that holds across jobs (a phase's keyboard goes to a chat once, whichever change drew it). */
  once?: string;
}

/**
 * What a one-time Telegram code binds when redeemed: a group to the match (GM), a seat to a user (player), or a
 * new group to a private channel (one of its members).
 */
export interface TelegramCode {
  matchId: string;
  kind: 'group' | 'seat' | 'channel';
  /** A seat or channel code: the seat and the hash of the token that asked for it (a substitution in between voids it). */
  playerId?: string;
  tokenHash?: string;
  /** A channel code: the private channel the group will mirror. */
  channel?: string;
  /** Epoch ms after which the code is void. */
  until: number;
}

/** A match's Telegram group: where its public posts, vote counts and reminders go. */
export interface TelegramGroup {
  matchId: string;
  chatId: number;
}

/** A Telegram group mirroring one private channel of a match (the pack): only its readers are let in. */
export interface TelegramChannelGroup {
  matchId: string;
  channel: string;
  chatId: number;
  /** The group's invite link (joining by it asks the bot, which lets in the channel's readers only). */
  invite: string;
}

/** A seat bound to a Telegram user: his private chat, and the seat's token hash when bound (the proof the bot acts with). */
export interface TelegramSeat {
  matchId: string;
  playerId: string;
  userId: number;
  chatId: number;
  tokenHash: string;
  lang: Lang;
}

export type LogLevel = 'info' | 'warn' | 'error';

/** What an observer may add to a close before it is resolved. */
export interface CloseStep {
  /** The actions to resolve: the stored ones plus any defaults. */
  pending: PendingAction[];
  /** Default actions added (stored with the close, flagged `auto`). */
  added: PendingAction[];
  /** META's new no-show record; undefined leaves it as it is. */
  noShows?: Record<string, string[]>;
  /** Private notices stored with the close. */
  notices: GameEvent[];
}
