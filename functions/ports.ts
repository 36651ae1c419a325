// The ports every handler talks through; AWS and local adapters implement them.
import type { DiceMode } from '../engine/core/rng.js';
import type { Lang } from '../texts/langs.js';
import type { EventOrigin, Reader, StoredEvent } from '../engine/core/events.js';
import { applyChanges, type MatchStatus, type PendingChange } from '../engine/core/match.js';
import type { GameEvent, PendingAction, Ruleset } from '../engine/core/types.js';
import type { MetricKey } from './telemetry/metrics.js';
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
  /** Where the previous page stopped (the store's own key, carried by the list's cursor). */
  after?: Record<string, string>;
  /** Only matches created at or after this instant (lobbies that have not expired). */
  createdSince?: number;
  /** Lobbies only: only those created before this instant (the ones that have expired). */
  createdBefore?: number;
}

export interface MatchPage {
  matches: MatchMeta[];
  /** Null when the status has no more. */
  after: Record<string, string> | null;
}

/** Thrown by the store when a condition fails (the phase closed, someone else moved META...). */
export class ConditionFailed extends Error {
  override readonly name = 'ConditionFailed';
  /**
   * `slots` when only the slot versions a submission read had moved on (another of its owner's
   * submissions came first: read again and retry); otherwise META or the player's record refused it.
   */
  constructor(
    message: string,
    readonly on: 'slots' | 'match' = 'match',
  ) {
    super(message);
  }
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

/** Each owner's slots after `changes`: a changed owner's version moves on by one. */
export function slotsAfter(read: OwnSlots[], changes: PendingChange[]): OwnSlots[] {
  for (const c of changes) {
    if (!read.some((s) => s.owner === c.owner)) throw new Error(`A submission changed slots of ${c.owner}, which it did not read.`);
  }
  return read.map((s) => {
    const mine = changes.filter((c) => c.owner === s.owner);
    return mine.length === 0 ? s : { owner: s.owner, version: s.version + 1, actions: applyChanges(s.actions, mine) };
  });
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

/**
 * The match store. META moves by optimistic concurrency: every write of it names the version it
 * read and stores version + 1, so two writers never both succeed (claims, commits, lifecycle).
 */
export interface Store {
  ping(): Promise<void>;
  createMatch(meta: MatchMeta): Promise<void>;
  getMeta(matchId: string): Promise<MatchMeta | null>;
  /** Writes META if its stored version is still `expectVersion` (`meta.version` must be the next). */
  putMeta(meta: MatchMeta, expectVersion: number): Promise<void>;
  listMatches(status: MatchStatus, limit: number): Promise<MatchMeta[]>;
  /** A page of the public list of one status (imported matches and expired lobbies left out). */
  listMatchPage(status: MatchStatus, page: MatchPageQuery): Promise<MatchPage>;
  /** Running matches whose deadline is at or before `now`, and matches with results still to publish. */
  dueMatches(now: number, limit: number): Promise<MatchMeta[]>;

  addPlayer(player: PlayerRecord, meta: MatchMeta, expectVersion: number): Promise<void>;
  getPlayer(matchId: string, playerId: string): Promise<PlayerRecord | null>;
  listPlayers(matchId: string): Promise<PlayerRecord[]>;
  putPlayer(matchId: string, player: PlayerRecord): Promise<void>;
  /** Lobby writes of a player (join options): stored with META (`meta.version` the next) only if META is still at `expectVersion`. */
  putPlayerWithMeta(player: PlayerRecord, meta: MatchMeta, expectVersion: number): Promise<void>;
  deletePlayer(matchId: string, playerId: string, meta: MatchMeta, expectVersion: number): Promise<void>;

  getState(matchId: string, key: string): Promise<unknown | null>;
  /**
   * One atomic write of a new state with its events and META: the start, a removal, a resolution.
   * `drop` lists pending slots to delete in the same write.
   */
  commit(write: {
    meta: MatchMeta;
    expectVersion: number;
    stateKey: string;
    state: unknown;
    events: StoredEvent[];
    /** The step this write is: the store keeps its events under it. */
    step: WriteStep;
    /** Events of the next phase's opening, stored with that phase. */
    opening?: { events: StoredEvent[]; step: WriteStep };
    drop?: SlotKey[];
    /** Actions the platform adds to the closing phase in the same write (a no-show's default action). */
    add?: { phase: string; actions: PendingAction[] };
  }): Promise<void>;

  listPending(matchId: string, phase: string): Promise<PendingAction[]>;
  /**
   * The submission each stored slot holds now, by its `order` (the sequence prefix of the events it
   * emitted): the one order in which the public count, the published votes and the close read ballots.
   */
  listActionOrders(matchId: string, phase: string): Promise<ActionOrder[]>;
  /**
   * Each owner's slots in `phase`, read after META was read at `metaVersion` (a write of slots that
   * META's version has moved past since is read again from the stored actions).
   */
  readOwnSlots(matchId: string, phase: string, owners: string[], metaVersion: number): Promise<OwnSlots[]>;
  /**
   * Stores and empties a submission's slots with its events, in one transaction, while the phase is
   * open, before its deadline, the player has not checked and nothing it read has changed (SlotWrite).
   * Throws ConditionFailed (`on: 'slots'` when only the slots moved on).
   */
  writeSlots(write: SlotWrite): Promise<void>;
  /** Marks the player as checked in the open phase (the same phase conditions as writeSlots). */
  markChecked(matchId: string, phase: string, playerId: string, now: number): Promise<void>;
  /** Appends events of the open phase (channel posts) while the match has not ended (and, with `phase`, while that phase is the open one). */
  appendEvents(matchId: string, events: StoredEvent[], phase?: string): Promise<void>;
  /** A match's events, in phase order of `phases`, each phase in its own order. */
  listEvents(matchId: string, phases: string[]): Promise<StoredEvent[]>;
  /**
   * One page of the match's event log: what was written after `after`, before `before`, or the newest.
   * With a `reader`, the store may give only the entries that reader may read (never fewer of them).
   */
  readLog(matchId: string, page: LogPage, reader?: Reader): Promise<LogSlice>;
  /** A random key kept with the data (made on first use), the same for every process: it seals cursors. */
  cursorKey(): Promise<Uint8Array>;
  /** The GM toolkit's extra storage (rollback, import, webhook outbox), where the store has it. */
  readonly toolkit?: ToolkitStore;
  /** Web Push subscriptions and the record of notices sent, where the store has them. */
  readonly push?: PushStore;
  /** The live sockets' tickets, where the store keeps them. */
  readonly liveTickets?: LiveTickets;
  /** Telegram's binding codes, bound chats and the updates and messages already handled, where the store has them. */
  readonly telegram?: TelegramStore;
}

/** What a one-time Telegram code binds when redeemed: a group to the match (GM), or a seat to a user (player). */
export interface TelegramCode {
  matchId: string;
  kind: 'group' | 'seat';
  /** A seat code: the seat and the hash of the token that asked for it (a substitution in between voids it). */
  playerId?: string;
  tokenHash?: string;
  /** Epoch ms after which the code is void. */
  until: number;
}

/** A match's Telegram group: where its public posts, vote counts and reminders go. */
export interface TelegramGroup {
  matchId: string;
  chatId: number;
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

/** Telegram's side of the table: codes stored hashed and taken once, bindings, and claims that make handling idempotent. */
export interface TelegramStore {
  putCode(code: string, value: TelegramCode): Promise<void>;
  /** Takes a code of that kind once: null when unknown, of the other kind, used or lapsed (the same answer for each; nothing taken). */
  redeemCode(code: string, kind: TelegramCode['kind'], now: number): Promise<TelegramCode | null>;
  bindGroup(group: TelegramGroup): Promise<void>;
  groupOf(matchId: string): Promise<TelegramGroup | null>;
  /** The match a group chat is bound to, if any. */
  matchOfGroup(chatId: number): Promise<string | null>;
  bindSeat(seat: TelegramSeat): Promise<void>;
  /** Removes a seat's binding (a substitution, a removal); one that is not there is no error. */
  unbindSeat(matchId: string, playerId: string): Promise<void>;
  seats(matchId: string): Promise<TelegramSeat[]>;
  /** The seats a user holds, in any match (his own bindings only: one rebound to someone else is left out). */
  seatsOfUser(userId: number): Promise<TelegramSeat[]>;
  /** Records `key` (an update id, a message sent) unless it was already: false then. */
  claim(key: string, keepUntil: number): Promise<boolean>;
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

/** Where Web Push subscriptions live: one per player and endpoint (a device). */
export interface PushStore {
  /** Stores a subscription, replacing the same player's one for that endpoint. */
  putSubscription(subscription: PushSubscriptionRecord): Promise<void>;
  /** Removes one; a subscription that is not there is no error. */
  deleteSubscription(matchId: string, playerId: string, endpoint: string): Promise<void>;
  /** The match's subscriptions, every player's. */
  listSubscriptions(matchId: string): Promise<PushSubscriptionRecord[]>;
  /**
   * Records that the notice `key` (inside the match) is being sent, unless it was already: false then.
   * The one conditional put that makes retries and concurrent sweepers send a notice once.
   */
  claimNotice(matchId: string, key: string, keepUntil: number): Promise<boolean>;
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

/** Storage only the GM toolkit needs, on the same table. */
export interface ToolkitStore {
  /** Deletes every item of a phase: its actions, events and state (rollback of the phase after it). */
  discardPhase(matchId: string, phase: string): Promise<void>;
  /** Deletes a phase's close events and the actions the platform added at its close (rollback). */
  discardClose(matchId: string, phase: string): Promise<void>;
  /** Import: writes players, states, actions and events as recorded (META is created last, by createMatch). */
  importItems(
    matchId: string,
    items: {
      players: PlayerRecord[];
      states: Record<string, unknown>;
      actions: Record<string, PendingAction[]>;
      events: StoredEvent[];
    },
  ): Promise<void>;
  /** Adds a delivery unless one with the same key exists; false if it did. */
  addOutbox(item: OutboxItem): Promise<boolean>;
  /** Replaces a delivery (a claim or a result) if its `revision` is still `item.revision - 1`; false otherwise. */
  saveOutbox(item: OutboxItem): Promise<boolean>;
  getOutbox(matchId: string, key: string): Promise<OutboxItem | null>;
  /** Pending deliveries due at `now`, across matches, oldest first. */
  dueOutbox(now: number, limit: number): Promise<OutboxItem[]>;
  listOutbox(matchId: string, limit: number): Promise<OutboxItem[]>;
}

export interface Scheduler {
  /** Makes sure the resolver is triggered for `phase` at `at` (epoch ms); replaces an earlier trigger. */
  schedule(matchId: string, phase: string, at: number): Promise<void>;
  cancel(matchId: string, phase: string): Promise<void>;
}

export interface Publisher {
  put(key: string, body: string): Promise<void>;
  /** Deletes a published file; one that is not there is no error. */
  remove(key: string): Promise<void>;
}

export interface Clock {
  now(): number;
}

/** Outgoing HTTP for webhooks: one POST, with a timeout; resolves with the status, rejects on a network error. */
export interface Notifier {
  post(url: string, body: string, headers: Record<string, string>): Promise<{ status: number }>;
}

/** What a write changed, for the open pages of its match: the events it stored, whose write it was. */
export interface LiveNotice {
  events: StoredEvent[];
  /** The open day's vote count after the write, when it changed (pages show it without asking). */
  votes?: unknown;
  /** The player who wrote (his own pages hear of it even when nothing he reads was stored: a check). */
  actor?: string;
  /** A change everyone may know of (a new phase, a pause, a join): every connection hears of it. */
  everyone?: boolean;
}

/** An open page's connection, authenticated when it connected: it hears only of what its reader may read. */
export interface LiveConnection {
  id: string;
  matchId: string;
  reader: Reader;
}

/** Push to the pages open on a match: each hears what changed that it may read (service/live.ts `liveMessage`). */
export interface LiveChannel {
  announce(matchId: string, notice: LiveNotice): Promise<void>;
  /** Closes the connections of a seat that changed hands or was freed (decision 14). */
  closeSeat?(matchId: string, playerId: string): Promise<void>;
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

/** Short-lived single-use tickets a page's socket connects with, instead of a token in its URL. */
export interface LiveTickets {
  issue(ticket: LiveTicket): Promise<string>;
  /** The ticket's pass, once: null when unknown, used or lapsed. */
  redeem(ticket: string, now: number): Promise<LiveTicket | null>;
}

/** What a push service answered to one notice (RFC 8030): 201 taken, 404/410 gone, 429/5xx try later. */
export interface PushAnswer {
  status: number;
}

/** Sends Web Push notices (VAPID-signed, the payload encrypted for the subscription). */
export interface PushSender {
  /** The VAPID public key (base64url) a page subscribes with. */
  readonly publicKey: string;
  /** One notice; resolves with the push service's status, rejects when it could not be reached. */
  send(subscription: PushSubscriptionRecord, payload: string, ttlSeconds: number): Promise<PushAnswer>;
}

/** Everything a handler needs. */
export interface Ports {
  store: Store;
  scheduler: Scheduler;
  publisher: Publisher;
  clock: Clock;
  /** When set, every phase lasts this many seconds (the local watch-a-whole-match mode). */
  phaseSeconds?: number;
  /** Webhook deliveries (GM toolkit); without it deliveries wait in the outbox. */
  notifier?: Notifier;
  /** The site's address (`https://host`), for links in forum posts; without it they are relative. */
  siteUrl?: string;
  /** Behaviour attached to the flow (the GM toolkit: `toolkitObservers`); without it nothing else happens. */
  observers?: Observers;
  /** How long (real ms) a close request waits for a resolution in progress before answering `busy`; default 5000. */
  closeWaitMs?: number;
  /** Push to open pages; without it pages poll. */
  live?: LiveChannel;
  /** Web Push to players who are away; without it nobody can subscribe. */
  push?: PushSender;
  /** Shared counters for per-address limits (match creation); without it each process counts alone. */
  quota?: Quota;
  /** A lobby that never starts leaves the lists this long after its creation (default 7 days). */
  lobbyLifetimeMs?: number;
  /** Structured logs and metrics; without it logs go to stderr as JSON lines and metrics nowhere. */
  telemetry?: Telemetry;
  /**
   * Set where a consumer of the table's stream drives what follows a commit (decision 11, functions/effects/):
   * requests then do their own work only. Unset (a bare test stack), the request path runs those effects itself.
   */
  effects?: 'stream';
  /** Deliveries to receivers (push services, webhooks), each on its own with its own retries; unset, sent in line. */
  deliveries?: DeliveryQueue;
  /** The Telegram bot, when one is configured: sends paced messages; without it nothing goes to Telegram. */
  telegram?: TelegramBot;
}

/** The bot as the flow uses it: its name (for deep links) and paced sends (functions/telegram/bot.ts). */
export interface TelegramBot {
  readonly username: string;
  /** One message, paced per chat and overall, retried after a 429's retry_after. */
  send(chatId: number, text: string, keyboard?: InlineKeyboard): Promise<void>;
  /** Answers a button press (its small notice), at once. */
  answer(callbackQueryId: string, text?: string): Promise<void>;
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
      payload: { kind: 'results' | 'reminder'; match: { id: string; name: string }; phase: string; next?: string | null; deadline?: number };
      ttlSeconds?: number;
    }
  | { kind: 'webhook'; matchId: string; key: string }
  /** Messages to one Telegram chat, in order, each sent once (claimed by `key`, the first change's id, and its index). */
  | { kind: 'telegram'; matchId: string; key: string; chatId: number; messages: TelegramMessageJob[] };

/** One message of a Telegram job: Telegram's HTML, and a keyboard of buttons when it offers actions. */
export interface TelegramMessageJob {
  text: string;
  keyboard?: InlineKeyboard;
}

/** Where deliveries wait for their sender (locally in process, on AWS an SQS queue): enqueue never waits for a receiver. */
export interface DeliveryQueue {
  enqueue(jobs: DeliveryJob[]): Promise<void>;
}

export type LogLevel = 'info' | 'warn' | 'error';

/** Operations' view of the flow: on AWS, Powertools' Logger and Metrics (CloudWatch EMF). */
export interface Telemetry {
  /** One structured log line; `fields` carry the ids it concerns (matchId, phase, …), never a secret. */
  log(level: LogLevel, message: string, fields?: Record<string, unknown>): void;
  /** One value of a metric of functions/telemetry/metrics.ts; `dimension` is the metric's own one (a refusal's reason). */
  metric(key: MetricKey, value: number, dimension?: string): void;
}

/** Fixed-window counters shared by every API instance. */
export interface Quota {
  /** Counts one use of `key` in the window ending at `windowEnd`; false (nothing counted) when `limit` are used. */
  take(key: string, limit: number, windowEnd: number): Promise<boolean>;
}

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

/**
 * What the platform's flow tells the behaviour attached to it (functions/service/observers.ts).
 * The points of the flow, in the order a resolution meets them: `beforeClose` (may add default actions),
 * `afterFinish` (results published; repeated safely on a retry), `afterResolution` (once, after a fresh
 * resolution). `afterPublish` follows every publication, `afterBallot` every accepted or withdrawn action,
 * `sweep` every run of the sweeper or the local loop. None of them may fail the flow: an observer catches
 * and logs its own errors.
 */
export interface Observers {
  beforeClose(ports: Ports, meta: MatchMeta, ruleset: Ruleset, state: unknown, pending: PendingAction[]): Promise<CloseStep>;
  afterFinish(ports: Ports, meta: MatchMeta, phase: string): Promise<unknown>;
  afterResolution(ports: Ports, matchId: string): Promise<unknown>;
  afterPublish(ports: Ports, loaded: { meta: MatchMeta; ruleset: Ruleset }, phases: string[]): Promise<unknown>;
  afterBallot(ports: Ports, matchId: string, events: StoredEvent[]): Promise<unknown>;
  sweep(ports: Ports): Promise<unknown>;
}
