// The ports every handler talks through (interfaces only); AWS and local adapters implement them.
import type { Reader, StoredEvent } from '../engine/core/events.js';
import type { MatchStatus } from '../engine/core/match.js';
import type { PendingAction, Ruleset } from '../engine/core/types.js';
import type { MetricKey } from './telemetry/metrics.js';
import type { InlineKeyboard } from './telegram/bot-api.js';
import type {
  ActionOrder,
  CloseStep,
  DeliveryJob,
  LiveNotice,
  TelegramChannelGroup,
  TelegramCode,
  TelegramGroup,
  TelegramSeat,
  LiveTicket,
  LogLevel,
  LogPage,
  LogSlice,
  MatchMeta,
  MatchPage,
  MatchPageQuery,
  OutboxItem,
  OwnSlots,
  PlayerRecord,
  PushAnswer,
  PushSubscriptionRecord,
  SlotKey,
  SlotWrite,
  WriteStep,
} from './records.js';

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

/** Telegram's side of the table: codes stored hashed and taken once, bindings, and claims that make handling idempotent. */
export interface TelegramStore {
  putCode(code: string, value: TelegramCode): Promise<void>;
  /**
   * Takes a code of that kind once, for `by` (a user in a chat): null when unknown, of the other kind, taken by
   * anyone else or anywhere else, or lapsed (the same answer for each; nothing taken). The same `by` may take it
   * again until it lapses: a redelivered update whose first handling failed after taking it.
   */
  redeemCode(code: string, kind: TelegramCode['kind'], now: number, by: string): Promise<TelegramCode | null>;
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
  /** Binds a group to a private channel (replacing the channel's previous group, if any). */
  bindChannelGroup(group: TelegramChannelGroup): Promise<void>;
  /** The groups mirroring a match's private channels. */
  channelGroups(matchId: string): Promise<TelegramChannelGroup[]>;
  /** The channel a group chat mirrors, if any (a group rebound since, or replaced by another, mirrors none). */
  channelOfGroup(chatId: number): Promise<TelegramChannelGroup | null>;
  /** The Telegram users the bot let into a channel's group (so that it can see them out when they stop reading it). */
  addGroupMember(chatId: number, userId: number): Promise<void>;
  groupMembers(chatId: number): Promise<number[]>;
  dropGroupMember(chatId: number, userId: number): Promise<void>;
  /** Records `key` (an update id, a message sent) unless it was already: false then. */
  claim(key: string, keepUntil: number): Promise<boolean>;
  /**
   * Takes an update's id to handle it: 'taken' by the first caller, and again once a holder's lease has lapsed
   * (it died mid-way: a Lambda timed out); 'working' while another holds it; 'done' once it was handled.
   */
  leaseUpdate(key: string, leaseUntil: number, keepUntil: number, now: number): Promise<'taken' | 'working' | 'done'>;
  /** Marks a leased update handled: a replay of it is 'done' from then on. */
  settleUpdate(key: string, keepUntil: number): Promise<void>;
  /** Gives a leased update back (its handling failed, so that Telegram's redelivery is handled); none there is no error. */
  release(key: string): Promise<void>;
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
  /** Waits `ms` (functions/retry.ts); unset, retries wait on the real clock. A test's clock moves on at once. */
  sleep?(ms: number): Promise<void>;
}

/** Outgoing HTTP for webhooks: one POST, with a timeout; resolves with the status, rejects on a network error. */
export interface Notifier {
  post(url: string, body: string, headers: Record<string, string>): Promise<{ status: number }>;
}

/** Push to the pages open on a match: each hears what changed that it may read (service/live.ts `liveMessage`). */
export interface LiveChannel {
  announce(matchId: string, notice: LiveNotice): Promise<void>;
  /** Closes the connections of a seat that changed hands or was freed (decision 14). */
  closeSeat?(matchId: string, playerId: string): Promise<void>;
}

/** Short-lived single-use tickets a page's socket connects with, instead of a token in its URL. */
export interface LiveTickets {
  issue(ticket: LiveTicket): Promise<string>;
  /** The ticket's pass, once: null when unknown, used or lapsed. */
  redeem(ticket: string, now: number): Promise<LiveTicket | null>;
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
  /** A lobby nobody has joined leaves the lists this long after its creation (default 6 hours; issue 41). */
  emptyLobbyLifetimeMs?: number;
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
  /** A group's invite link whose joiners ask first (the bot must be an admin who may invite). */
  invite(chatId: number): Promise<string>;
  /** Lets a user's join request in, or declines it. */
  admit(chatId: number, userId: number, yes: boolean): Promise<void>;
  /** Sees a user out of a group without keeping him banned. */
  remove(chatId: number, userId: number): Promise<void>;
  /** How many are in a group, the bot included. */
  memberCount(chatId: number): Promise<number>;
}

/** What a platform supplies to functions/compose.ts: its adapters and settings (the observers are added there). */
export interface PlatformAdapters extends Omit<Ports, 'observers' | 'quota'> {
  /** The store, with the shared counters where it keeps them. */
  store: Store & { readonly quota?: Quota };
}

/** Where deliveries wait for their sender (locally in process, on AWS an SQS queue): enqueue never waits for a receiver. */
export interface DeliveryQueue {
  enqueue(jobs: DeliveryJob[]): Promise<void>;
}

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
