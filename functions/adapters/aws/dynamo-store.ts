// The Store port on DynamoDB (AWS, and DynamoDB Local through the same code): one table, a match per partition.
import { randomBytes } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import {
  ConditionalCheckFailedException,
  DescribeTableCommand,
  TransactionCanceledException,
  TransactionConflictException,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { LegacyStoredEvent, Reader, StoredEvent } from '../../../engine/core/events.js';
import type { MatchStatus } from '../../../engine/core/match.js';
import type { PendingAction } from '../../../engine/core/types.js';
import { ConditionFailed, ForeignPageKey } from '../../store-errors.js';
import type { LiveTickets, PushStore, Quota, Store, TelegramStore, ToolkitStore } from '../../ports.js';
import {
  LOBBY_TIERS,
  lobbyTier,
  seatedIn,
  type LobbyTier,
  type LogPage,
  type LogPosition,
  type LogSlice,
  type MatchMeta,
  type MatchPage,
  type MatchPageQuery,
  type OwnSlots,
  type PlayerRecord,
  type SlotWrite,
  type WriteStep,
} from '../../records.js';
import { RETRY, retry } from '../../retry.js';
import { slotsAfter } from '../../slots.js';
import { DynamoPushStore } from './dynamo-push-store.js';
import { DynamoQuota } from './dynamo-quota.js';
import { DynamoLiveTickets } from './live-tickets.js';
import {
  audienceCopies,
  PUBLIC_STREAM,
  playerStream,
  streamEnd,
  streamPosition,
  streamSk,
  streamSkAfter,
  WIDE_STREAM,
  type AudienceStream,
} from './audience-keys.js';
import { eventSk, readEvents, stepSk } from './event-keys.js';
import { DynamoToolkitStore } from './dynamo-toolkit-store.js';
import { DynamoTelegramStore } from './dynamo-telegram-store.js';
import { headOf, logSk, logSkAfter, positionOf } from './event-log.js';
import { LogChains } from './log-turns.js';
import { getMeta, getPlayer, stripKeys } from './match-items.js';
import { queryPartition } from './partition.js';
import { readSlotsItem, type SlotsItem } from './slot-items.js';
import { padTime, queryStatusIndex } from './status-index.js';
import {
  actionSk,
  actionsPrefix,
  CURSOR_KEY_ITEM,
  CURSOR_SK,
  LOG_END,
  LOG_PREFIX,
  matchKey,
  META_SK,
  ownerActionsPrefix,
  playerSk,
  PREFIX,
  slotsSk,
  stateSk,
  statusList,
  TABLE_KEYS,
} from './keys.js';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** An event item to write with its log copy, and the events it holds (for the copies by audience). */
interface EventItem {
  put: TransactItem;
  events: StoredEvent[];
}

/** DynamoDB's limit of items in one transaction. */
const MAX_TRANSACTION_ITEMS = 100;

/** Close events are stored compressed, in chunks that stay well under DynamoDB's 400 KB item limit. */
const CHUNK_BYTES = 300_000;

function statusSortKey(meta: MatchMeta): string {
  // A phase asked to close early (all checked, resolve now) is due at once, so that the sweeper
  // retries a resolution that stopped half-way without waiting for the original deadline.
  const running = meta.closeRequestedAt ?? meta.deadline ?? 0;
  const due = meta.needsPublish !== null ? 0 : meta.status === 'running' ? running : meta.createdAt;
  // A lobby's place in the public list (issue 41): its tier first, so that read newest first the
  // joined lobbies come before the empty ones, whatever was created after them.
  if (meta.status === 'lobby' && meta.needsPublish === null) return lobbySortKey(lobbyTier(meta), meta.createdAt, meta.id);
  return `${padTime(due)}#${meta.id}`;
}

const lobbySortKey = (tier: LobbyTier, createdAt: number, id = '') => `${LOBBY_TIERS.indexOf(tier)}#${padTime(createdAt)}#${id}`;

interface Lifetimes {
  lobbySeconds: number | undefined;
  emptyLobbySeconds: number | undefined;
}

function metaItem(meta: MatchMeta, ttlSeconds: number | undefined, lifetimes: Lifetimes): Record<string, unknown> {
  const { lobbySeconds, emptyLobbySeconds } = lifetimes;
  const item: Record<string, unknown> = {
    ...meta,
    pk: matchKey(meta.id),
    sk: META_SK,
    [TABLE_KEYS.statusIndexPartitionKey]: statusList(meta.status),
    [TABLE_KEYS.statusIndexSortKey]: statusSortKey(meta),
  };
  if (meta.status === 'ended' && ttlSeconds) {
    item[TABLE_KEYS.ttlAttribute] = Math.floor(Date.now() / 1000) + ttlSeconds;
  }
  // A lobby that never starts is gone by TTL once its lifetime is over (the lists drop it at once).
  if (meta.status === 'lobby' && lobbySeconds) {
    const seconds = seatedIn(meta) === 0 && emptyLobbySeconds ? Math.min(lobbySeconds, emptyLobbySeconds) : lobbySeconds;
    item[TABLE_KEYS.ttlAttribute] = Math.ceil(meta.createdAt / 1000) + seconds;
  }
  return item;
}

const pack = (value: unknown): Uint8Array => gzipSync(Buffer.from(JSON.stringify(value)));
const unpack = (data: Uint8Array): unknown => JSON.parse(gunzipSync(data).toString('utf8'));

function isConditionFailure(error: unknown): boolean {
  if (error instanceof ConditionalCheckFailedException) return true;
  if (error instanceof TransactionCanceledException) {
    return (error.CancellationReasons ?? []).some((r) => r.Code === 'ConditionalCheckFailed');
  }
  return false;
}

/** Cancellation reasons worth another try: a concurrent transaction, or a throttled item. */
const RETRYABLE_REASONS = new Set(['TransactionConflict', 'ThrottlingError', 'ProvisionedThroughputExceeded']);

function isConflict(error: unknown): boolean {
  // A single-item write that meets an item held by a transaction gets TransactionConflictException,
  // which the SDK does not retry.
  if (error instanceof TransactionConflictException) return true;
  return (
    error instanceof TransactionCanceledException && (error.CancellationReasons ?? []).some((r) => RETRYABLE_REASONS.has(r.Code ?? ''))
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The log head in a cancelled transaction's item (lib-dynamodb leaves a cancellation's item marshalled). */
function headNumber(n: unknown): number | null {
  const value = typeof n === 'object' && n !== null && 'N' in n ? Number((n as { N: string }).N) : n;
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
}

/** Which condition refused a transaction, from the indexes of the items whose condition failed. */
type Blame = (failed: number[]) => ConditionFailed['on'];

/** A failed condition as ConditionFailed, told apart by `blame`; anything else as it was. */
function blamed(error: unknown, blame: Blame): unknown {
  if (error instanceof ConditionalCheckFailedException) return new ConditionFailed('condition failed');
  if (!(error instanceof TransactionCanceledException) || !isConditionFailure(error) || isConflict(error)) return error;
  const failed = (error.CancellationReasons ?? []).flatMap((r, i) => (r.Code === 'ConditionalCheckFailed' ? [i] : []));
  return new ConditionFailed('condition failed', blame(failed));
}

export interface DynamoStoreOptions {
  client: DynamoDBClient;
  tableName: string;
  /** Finished matches expire this many seconds after they end (TTL); unset keeps them. */
  retentionSeconds?: number;
  /** Lobbies that never start expire this many seconds after their creation (TTL); unset keeps them. */
  lobbyLifetimeSeconds?: number;
  /** Lobbies nobody has joined expire this many seconds after their creation (TTL; issue 41), when shorter. */
  emptyLobbyLifetimeSeconds?: number;
  /** Off by default: when given, every command asks for its consumed capacity and adds it here (the bench's cost model). */
  capacity?: CapacityCounter;
}

/** Read and write capacity units DynamoDB reported (`ReturnConsumedCapacity: 'TOTAL'`), summed. */
export class CapacityCounter {
  read = 0;
  write = 0;
  /** `command` tells reads (Get, Query, Scan, their batch and transaction forms) from writes. */
  add(command: string, consumed: unknown): void {
    const list = (Array.isArray(consumed) ? consumed : consumed ? [consumed] : []) as Array<{ CapacityUnits?: number }>;
    const units = list.reduce((sum, c) => sum + (c.CapacityUnits ?? 0), 0);
    if (/Get|Query|Scan/.test(command)) this.read += units;
    else this.write += units;
  }
  take(): { read: number; write: number } {
    const out = { read: this.read, write: this.write };
    this.read = 0;
    this.write = 0;
    return out;
  }
}

export class DynamoStore implements Store {
  private readonly doc: DynamoDBDocumentClient;
  private readonly table: string;
  readonly toolkit: ToolkitStore;
  readonly push: PushStore;
  /** Per-address counters in the same table (match creation). */
  readonly quota: Quota;
  readonly liveTickets: LiveTickets;
  readonly telegram: TelegramStore;

  private readonly lifetimes: Lifetimes;

  constructor(private readonly options: DynamoStoreOptions) {
    this.lifetimes = { lobbySeconds: options.lobbyLifetimeSeconds, emptyLobbySeconds: options.emptyLobbyLifetimeSeconds };
    this.doc = DynamoDBDocumentClient.from(options.client, {
      marshallOptions: { removeUndefinedValues: true },
    });
    this.table = options.tableName;
    this.toolkit = new DynamoToolkitStore(this.doc, this.table);
    this.push = new DynamoPushStore(this.doc, this.table);
    this.quota = new DynamoQuota(this.doc, this.table);
    this.liveTickets = new DynamoLiveTickets(this.doc, this.table);
    this.telegram = new DynamoTelegramStore(this.doc, this.table);
    const counter = options.capacity;
    if (counter) {
      this.doc.middlewareStack.add(
        (next, context) => async (args) => {
          (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity ??= 'TOTAL';
          const out = await next(args);
          counter.add(context.commandName ?? '', (out.output as { ConsumedCapacity?: unknown }).ConsumedCapacity);
          return out;
        },
        { step: 'initialize', name: 'duskConsumedCapacity', override: true },
      );
    }
  }

  /** Runs a write; a failed condition becomes ConditionFailed; transaction conflicts (and throttled items) are retried. */
  private async write(run: () => Promise<unknown>): Promise<void> {
    await retry(
      RETRY.storeConflict,
      async () => {
        try {
          await run();
        } catch (error) {
          if (error instanceof ConditionFailed) throw error;
          if (isConditionFailure(error)) throw new ConditionFailed('condition failed');
          throw error;
        }
      },
      { again: (outcome) => !outcome.ok && isConflict(outcome.error) },
    );
  }

  private transact(items: TransactItem[], blame?: Blame) {
    if (!blame) return this.write(() => this.doc.send(new TransactWriteCommand({ TransactItems: items })));
    return this.write(async () => {
      try {
        await this.doc.send(new TransactWriteCommand({ TransactItems: items }));
      } catch (error) {
        throw blamed(error, blame);
      }
    });
  }

  /** The last log position this process wrote per match: a guess that saves a read, corrected on a race. */
  private readonly heads = new Map<string, number>();

  /** Matches whose log is known to be kept by audience (a mark that is never taken back). */
  private readonly byAudience = new Set<string>();

  private async logHead(matchId: string) {
    const out = await this.doc.send(
      new GetCommand({ TableName: this.table, Key: { pk: matchKey(matchId), sk: CURSOR_SK }, ConsistentRead: true }),
    );
    const head = headOf(out.Item);
    if (head.byAudience) this.byAudience.add(matchId);
    return head;
  }

  /**
   * Writes `rest` with `eventItems` (EVENT puts), their copies in the log at the next log position and
   * the log's copies by audience (audience-keys.ts). The CURSOR item moves from n to n + 1 in the same
   * transaction, so positions commit in order: a reader that saw n never meets a later write below it.
   * Losing the position to another write retries.
   */
  private transactLogged(matchId: string, rest: TransactItem[], eventItems: EventItem[], blame?: Blame): Promise<void> {
    if (eventItems.length === 0) return this.transact(rest, blame);
    return this.logged(matchId, rest, eventItems, blame);
  }

  private readonly logChains = new LogChains(async (matchId) => this.heads.get(matchId) ?? (await this.logHead(matchId)).n);

  private async logged(matchId: string, rest: TransactItem[], eventItems: EventItem[], blame?: Blame) {
    for (let attempts = 0, races = 0; ; ) {
      const { last, n, sending, behind } = await this.logChains.send(matchId, (last) =>
        this.doc.send(new TransactWriteCommand({ TransactItems: this.atPosition(matchId, last, rest, eventItems) })),
      );
      try {
        await sending;
        if (n > (this.heads.get(matchId) ?? 0)) this.heads.set(matchId, n);
        return;
      } catch (error) {
        this.logChains.broken(matchId);
        const reasons = error instanceof TransactionCanceledException ? (error.CancellationReasons ?? []) : [];
        const failed = reasons.flatMap((r, i) => (r.Code === 'ConditionalCheckFailed' ? [i] : []));
        const raced = failed.length > 0 && failed.every((i) => i === rest.length);
        const found = raced ? headNumber(reasons[rest.length]?.Item?.n) : null;
        const tries = ++attempts < RETRY.logPosition.tries;
        // Below the head it counted on: a write this process sent ahead of it has not committed (failed, or
        // not yet served). Or, on DynamoDB, the write ahead still holds the CURSOR item (a conflict). Not a
        // race with anyone: it goes again behind what settles, without a pause.
        const ahead = (found !== null && found < last) || (behind && found === null && isConflict(error));
        if (ahead && tries) {
          if (found !== null && (this.heads.get(matchId) ?? 0) > found) this.heads.delete(matchId);
          continue;
        }
        if ((raced || isConflict(error)) && tries) {
          races++;
          // Lost to another process's write: its failure says the head it found, so the next try needs no read.
          if (found !== null && found > last) this.heads.set(matchId, found);
          else this.heads.delete(matchId);
          if (found === null || races >= 3) await sleep(1 + Math.floor(Math.random() * 10 * Math.min(races, 6)));
          continue;
        }
        throw blame ? blamed(error, blame) : isConditionFailure(error) ? new ConditionFailed('condition failed') : error;
      }
    }
  }

  /** The transaction of a write at the position after `last`: its items, the CURSOR's step, its events, their log copies and copies by audience. */
  private atPosition(matchId: string, last: number, rest: TransactItem[], eventItems: EventItem[]): TransactItem[] {
    const pk = matchKey(matchId);
    const n = last + 1;
    const copiesOf = (wideOnly: boolean) => eventItems.map((e, k) => audienceCopies({ n, k }, e.events, wideOnly));
    let copies = copiesOf(false);
    const count = rest.length + 1 + 2 * eventItems.length + copies.reduce((sum, c) => sum + c.length, 0);
    if (count > MAX_TRANSACTION_ITEMS) copies = copiesOf(true);
    const events: TransactItem[] = [];
    const log: TransactItem[] = [];
    const seen: TransactItem[] = [];
    eventItems.forEach(({ put }, k) => {
      const item = put.Put!.Item!;
      const sk = logSk({ n, k });
      const own = copies[k]!;
      events.push({ Put: { ...put.Put!, Item: { ...item, log: sk, ...(own.length > 0 ? { seen: own.map((c) => c.sk) } : {}) } } });
      log.push({ Put: { TableName: this.table, Item: { pk, sk, data: item.data ?? pack([item.stored]) } } });
      for (const copy of own)
        seen.push({ Put: { TableName: this.table, Item: { pk, sk: copy.sk, ...(copy.events ? { data: pack(copy.events) } : {}) } } });
    });
    // The first write of a match's log marks it as kept by audience too (older matches read the whole log).
    const step: TransactItem = {
      Update: {
        TableName: this.table,
        Key: { pk, sk: CURSOR_SK },
        UpdateExpression: last === 0 ? 'SET n = :n, byAudience = :yes' : 'SET n = :n',
        ConditionExpression: last === 0 ? 'attribute_not_exists(n)' : 'n = :last',
        ExpressionAttributeValues: last === 0 ? { ':n': n, ':yes': true } : { ':n': n, ':last': last },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    };
    return [...rest, step, ...events, ...log, ...seen];
  }

  private key: Promise<Uint8Array> | null = null;

  cursorKey(): Promise<Uint8Array> {
    this.key ??= (async () => {
      const Key = { ...CURSOR_KEY_ITEM };
      const read = async () =>
        (await this.doc.send(new GetCommand({ TableName: this.table, Key, ConsistentRead: true }))).Item?.key as Uint8Array | undefined;
      const found = await read();
      if (found) return found;
      try {
        await this.doc.send(
          new PutCommand({
            TableName: this.table,
            Item: { ...Key, key: randomBytes(32) },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
      return (await read())!;
    })().catch((error: unknown) => {
      this.key = null;
      throw error;
    });
    return this.key;
  }

  /**
   * One page of the log. For a reader other than the GM, on a match kept by audience, only the copies he
   * may read: the public ones for a spectator; a player's own, the public ones and the wide markers
   * (followed to their log items) for a player, merged by position.
   */
  async readLog(matchId: string, page: LogPage, reader?: Reader): Promise<LogSlice> {
    const head = this.logHead(matchId);
    if (reader && reader.as !== 'gm' && (this.byAudience.has(matchId) || (await head).byAudience)) {
      const streams = reader.as === 'public' ? [PUBLIC_STREAM] : [playerStream(reader.id), PUBLIC_STREAM, WIDE_STREAM];
      const [slice, read] = await Promise.all([this.readStreams(matchId, page, streams), head]);
      return { ...slice, epoch: read.epoch, itemsRead: slice.itemsRead + 1 };
    }
    const pk = matchKey(matchId);
    const range = page.after
      ? { lo: logSkAfter(page.after), hi: LOG_END, forward: true, limit: page.limit }
      : { lo: LOG_PREFIX, hi: page.before ? logSk(page.before) : LOG_END, forward: false, limit: page.limit + (page.before ? 1 : 0) };
    const [read, out] = await Promise.all([
      head,
      this.doc.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lo AND :hi',
          ExpressionAttributeValues: { ':pk': pk, ':lo': range.lo, ':hi': range.hi },
          ScanIndexForward: range.forward,
          Limit: range.limit,
          ConsistentRead: true,
        }),
      ),
    ]);
    const items = out.Items ?? [];
    let entries = items.flatMap((item) => {
      const at = positionOf(item.sk as string);
      return at ? [{ at, events: readEvents(unpack(item.data as Uint8Array) as LegacyStoredEvent[]) }] : [];
    });
    const before = page.before;
    if (before) entries = entries.filter((e) => e.at.n !== before.n || e.at.k !== before.k);
    let more = out.LastEvaluatedKey !== undefined;
    if (entries.length > page.limit) {
      entries = entries.slice(0, page.limit);
      more = true;
    }
    if (!range.forward) entries.reverse();
    return { entries, more, epoch: read.epoch, itemsRead: items.length + 1 };
  }

  /** One stream's items in the page's range and direction: `limit` positions, and whether more lie beyond. */
  private async readStream(matchId: string, page: LogPage, stream: AudienceStream) {
    const range = page.after
      ? { lo: streamSkAfter(stream, page.after), hi: streamEnd(stream), forward: true }
      : { lo: stream.prefix, hi: page.before ? streamSk(stream, page.before) : streamEnd(stream), forward: false };
    const out = await this.doc.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lo AND :hi',
        ExpressionAttributeValues: { ':pk': matchKey(matchId), ':lo': range.lo, ':hi': range.hi },
        ScanIndexForward: range.forward,
        Limit: page.limit + (page.before ? 1 : 0),
        ConsistentRead: true,
      }),
    );
    const items = out.Items ?? [];
    const before = page.before;
    let found = items.flatMap((item) => {
      const at = streamPosition(item.sk as string);
      if (!at || (before && at.n === before.n && at.k === before.k)) return [];
      return [{ at, stream, data: item.data as Uint8Array | undefined }];
    });
    let more = out.LastEvaluatedKey !== undefined;
    if (found.length > page.limit) {
      found = found.slice(0, page.limit);
      more = true;
    }
    return { found, more, itemsRead: items.length };
  }

  /**
   * The page merged from `streams` by position. A stream cut at the limit bounds the page: no position
   * past its last one is given, since that stream may hold more there.
   */
  private async readStreams(matchId: string, page: LogPage, streams: AudienceStream[]): Promise<Omit<LogSlice, 'epoch'>> {
    const forward = page.after !== undefined;
    const order = (a: LogPosition, b: LogPosition) => (forward ? 1 : -1) * (a.n - b.n || a.k - b.k);
    const reads = await Promise.all(streams.map((s) => this.readStream(matchId, page, s)));
    let itemsRead = reads.reduce((sum, r) => sum + r.itemsRead, 0);
    const bounds = reads.flatMap((r) => (r.more && r.found.length > 0 ? [r.found[r.found.length - 1]!.at] : []));
    const bound = bounds.sort(order)[0];
    // At one position a player's own copy holds the public events too: the first stream read wins.
    const byPlace = new Map<string, (typeof reads)[number]['found'][number]>();
    for (const r of reads) {
      for (const f of r.found) {
        const place = `${f.at.n}.${f.at.k}`;
        if (!byPlace.has(place)) byPlace.set(place, f);
      }
    }
    let found = [...byPlace.values()].filter((f) => !bound || order(f.at, bound) <= 0).sort((a, b) => order(a.at, b.at));
    let more = reads.some((r) => r.more);
    if (found.length > page.limit) {
      found = found.slice(0, page.limit);
      more = true;
    } else if (found.length < byPlace.size) more = true;
    const wide = found.filter((f) => f.stream.marker).map((f) => logSk(f.at));
    const logItems = new Map<string, Uint8Array>();
    if (wide.length > 0) {
      const pk = matchKey(matchId);
      const out = await this.doc.send(
        new BatchGetCommand({ RequestItems: { [this.table]: { Keys: wide.map((sk) => ({ pk, sk })), ConsistentRead: true } } }),
      );
      if (Object.keys(out.UnprocessedKeys ?? {}).length > 0) throw new Error('readLog: log items left unprocessed');
      for (const item of out.Responses?.[this.table] ?? []) logItems.set(item.sk as string, item.data as Uint8Array);
      itemsRead += logItems.size;
    }
    const entries = found.flatMap((f) => {
      const data = f.stream.marker ? logItems.get(logSk(f.at)) : f.data;
      return data ? [{ at: f.at, events: readEvents(unpack(data) as LegacyStoredEvent[]) }] : [];
    });
    if (!forward) entries.reverse();
    return { entries, more, itemsRead };
  }

  async ping() {
    await this.options.client.send(new DescribeTableCommand({ TableName: this.table }));
  }

  async createMatch(meta: MatchMeta) {
    await this.write(() =>
      this.doc.send(
        new PutCommand({
          TableName: this.table,
          Item: metaItem(meta, this.options.retentionSeconds, this.lifetimes),
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      ),
    );
  }

  getMeta(matchId: string) {
    return getMeta(this.doc, this.table, matchId);
  }

  private metaPut(meta: MatchMeta, expectVersion: number): TransactItem {
    return {
      Put: {
        TableName: this.table,
        Item: metaItem(meta, this.options.retentionSeconds, this.lifetimes),
        ConditionExpression: 'version = :v',
        ExpressionAttributeValues: { ':v': expectVersion },
      },
    };
  }

  async putMeta(meta: MatchMeta, expectVersion: number) {
    const put = this.metaPut(meta, expectVersion).Put!;
    await this.write(() => this.doc.send(new PutCommand(put)));
  }

  async listMatches(status: MatchStatus, limit: number) {
    return (await queryStatusIndex(this.doc, this.table, statusList(status), { newestFirst: true, limit })).map((i) =>
      stripKeys<MatchMeta>(i),
    );
  }

  /**
   * One page of a status's listed matches, newest first by the index's order: imported matches and
   * lobbies created before `createdSince` left out. `after` is the page's cursor (the last key read).
   */
  async listMatchPage(status: MatchStatus, page: MatchPageQuery): Promise<MatchPage> {
    // The key must be one of this status's index entries, nothing else of the table.
    const after = page.after;
    if (after && (after.gsi1pk !== statusList(status) || !after.pk?.startsWith(PREFIX.match)))
      throw new ForeignPageKey('not a key of this list');
    const values: Record<string, unknown> = { ':s': statusList(status), ':yes': true };
    let filter = '(attribute_not_exists(imported) OR imported <> :yes) AND (attribute_not_exists(unlisted) OR unlisted <> :yes)';
    if (page.createdSince !== undefined) {
      filter = `${filter} AND createdAt >= :since`;
      values[':since'] = page.createdSince;
    }
    if (page.emptySince !== undefined) {
      filter = `${filter} AND (attribute_not_exists(seated) OR seated > :none OR createdAt >= :emptySince)`;
      values[':none'] = 0;
      values[':emptySince'] = page.emptySince;
    }
    // A lobby's sort key starts with its tier, then its creation time (statusSortKey).
    const span = page.tier !== undefined;
    if (span) {
      values[':from'] = lobbySortKey(page.tier!, page.createdSince ?? 0);
      values[':to'] = lobbySortKey(page.tier!, page.createdBefore ?? 8.64e15);
    }
    const out = await this.doc.send(
      new QueryCommand({
        TableName: this.table,
        IndexName: TABLE_KEYS.statusIndex,
        KeyConditionExpression: span ? 'gsi1pk = :s AND gsi1sk BETWEEN :from AND :to' : 'gsi1pk = :s',
        FilterExpression: filter,
        ExpressionAttributeValues: values,
        ScanIndexForward: false,
        Limit: page.limit,
        ...(page.after ? { ExclusiveStartKey: page.after } : {}),
      }),
    );
    const last = out.LastEvaluatedKey as Record<string, string> | undefined;
    return { matches: (out.Items ?? []).map((i) => stripKeys<MatchMeta>(i)), after: last ?? null };
  }

  async dueMatches(now: number, limit: number) {
    const due = (status: MatchStatus, upTo: number) => queryStatusIndex(this.doc, this.table, statusList(status), { dueBy: upTo, limit });
    const [running, ended] = await Promise.all([due('running', now), due('ended', 0)]);
    return [...running, ...ended].map((i) => stripKeys<MatchMeta>(i));
  }

  async addPlayer(player: PlayerRecord, meta: MatchMeta, expectVersion: number) {
    await this.transact([
      this.metaPut(meta, expectVersion),
      {
        Put: {
          TableName: this.table,
          Item: { pk: matchKey(meta.id), sk: playerSk(player.id), ...player },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ]);
  }

  getPlayer(matchId: string, playerId: string) {
    return getPlayer(this.doc, this.table, matchId, playerId);
  }

  private queryAll(matchId: string, prefix: string): Promise<Record<string, unknown>[]> {
    return queryPartition(this.doc, this.table, matchId, prefix);
  }

  async listPlayers(matchId: string) {
    const items = await this.queryAll(matchId, PREFIX.player);
    return items.map((i) => stripKeys<PlayerRecord>(i)).sort((a, b) => a.seat - b.seat);
  }

  async putPlayer(matchId: string, player: PlayerRecord) {
    await this.write(() =>
      this.doc.send(
        new PutCommand({
          TableName: this.table,
          Item: { pk: matchKey(matchId), sk: playerSk(player.id), ...player },
          ConditionExpression: 'attribute_exists(pk)',
        }),
      ),
    );
  }

  async putPlayerWithMeta(player: PlayerRecord, meta: MatchMeta, expectVersion: number) {
    await this.transact([
      this.metaPut(meta, expectVersion),
      {
        Put: {
          TableName: this.table,
          Item: { pk: matchKey(meta.id), sk: playerSk(player.id), ...player },
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
    ]);
  }

  async deletePlayer(matchId: string, playerId: string, meta: MatchMeta, expectVersion: number) {
    await this.transact([
      this.metaPut(meta, expectVersion),
      {
        Delete: {
          TableName: this.table,
          Key: { pk: matchKey(matchId), sk: playerSk(playerId) },
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
    ]);
  }

  async getState(matchId: string, key: string) {
    const out = await this.doc.send(
      new GetCommand({ TableName: this.table, Key: { pk: matchKey(matchId), sk: stateSk(key) }, ConsistentRead: true }),
    );
    return out.Item ? unpack(out.Item.data as Uint8Array) : null;
  }

  private eventChunks(matchId: string, step: WriteStep, events: StoredEvent[]): EventItem[] {
    if (events.length === 0) return [];
    const chunks: StoredEvent[][] = [[]];
    let size = 0;
    for (const e of events) {
      const bytes = JSON.stringify(e).length;
      if (size + bytes > CHUNK_BYTES && chunks[chunks.length - 1]!.length > 0) {
        chunks.push([]);
        size = 0;
      }
      chunks[chunks.length - 1]!.push(e);
      size += bytes;
    }
    return chunks.map((chunk, i) => ({
      put: {
        Put: {
          TableName: this.table,
          Item: { pk: matchKey(matchId), sk: `${stepSk(step)}#${String(i).padStart(4, '0')}`, data: pack(chunk) },
        },
      },
      events: chunk,
    }));
  }

  async commit(write: Parameters<Store['commit']>[0]) {
    const id = write.meta.id;
    const events = [
      ...this.eventChunks(id, write.step, write.events),
      ...(write.opening ? this.eventChunks(id, write.opening.step, write.opening.events) : []),
    ];
    const items: TransactItem[] = [
      this.metaPut(write.meta, write.expectVersion),
      {
        Put: {
          TableName: this.table,
          Item: { pk: matchKey(id), sk: stateSk(write.stateKey), data: pack(write.state) },
        },
      },
      ...(write.drop ?? []).map(
        (d): TransactItem => ({
          Delete: { TableName: this.table, Key: { pk: matchKey(id), sk: actionSk(d.phase, d.owner, d.slot) } },
        }),
      ),
      ...(write.add?.actions ?? []).map(
        (a): TransactItem => ({
          Put: {
            TableName: this.table,
            Item: { pk: matchKey(id), sk: actionSk(write.add!.phase, a.owner, a.slot), pending: a },
          },
        }),
      ),
    ];
    await this.transactLogged(id, items, events);
  }

  async listPending(matchId: string, phase: string) {
    const items = await this.queryAll(matchId, actionsPrefix(phase));
    return items.map((i) => i.pending as PendingAction);
  }

  /** The conditions every submission shares: the phase is open, not past its deadline, not checked (and META, the seat, as read). */
  private openPhaseChecks(matchId: string, phase: string, playerId: string, now: number, read?: SlotWrite['read']): TransactItem[] {
    return [
      {
        ConditionCheck: {
          TableName: this.table,
          Key: { pk: matchKey(matchId), sk: META_SK },
          ConditionExpression:
            '#status = :running AND #phase = :phase AND phaseStatus = :open AND deadline > :now AND ' +
            '(attribute_not_exists(closeRequestedAt) OR attribute_type(closeRequestedAt, :null))' +
            (read ? ' AND version = :mv' : ''),
          ExpressionAttributeNames: { '#status': 'status', '#phase': 'phase' },
          ExpressionAttributeValues: {
            ':running': 'running',
            ':phase': phase,
            ':open': 'open',
            ':now': now,
            ':null': 'NULL',
            ...(read ? { ':mv': read.metaVersion } : {}),
          },
        },
      },
      {
        ConditionCheck: {
          TableName: this.table,
          Key: { pk: matchKey(matchId), sk: playerSk(playerId) },
          ConditionExpression:
            'attribute_exists(pk) AND (attribute_not_exists(checkedPhase) OR checkedPhase <> :phase)' +
            (read ? ' AND tokenHash = :hash' : ''),
          ExpressionAttributeValues: { ':phase': phase, ...(read ? { ':hash': read.tokenHash } : {}) },
        },
      },
    ];
  }

  private eventPuts(matchId: string, events: StoredEvent[]): EventItem[] {
    return events.map((e) => ({
      put: { Put: { TableName: this.table, Item: { pk: matchKey(matchId), sk: eventSk(e), stored: e } } },
      events: [e],
    }));
  }

  async listActionOrders(matchId: string, phase: string) {
    const items = await this.queryAll(matchId, actionsPrefix(phase));
    return items.map((i) => {
      const p = i.pending as PendingAction;
      return { player: p.player, owner: p.owner, slot: p.slot, order: typeof i.order === 'string' ? i.order : null };
    });
  }

  async readOwnSlots(matchId: string, phase: string, owners: string[], metaVersion: number): Promise<OwnSlots[]> {
    const pk = matchKey(matchId);
    const out = await this.doc.send(
      new BatchGetCommand({
        RequestItems: { [this.table]: { Keys: owners.map((o) => ({ pk, sk: slotsSk(phase, o) })), ConsistentRead: true } },
      }),
    );
    const found = new Map((out.Responses?.[this.table] ?? []).map((i) => [i.sk as string, readSlotsItem(i)]));
    if (Object.keys(out.UnprocessedKeys ?? {}).length > 0) throw new Error('readOwnSlots: keys left unprocessed');
    return Promise.all(
      owners.map(async (owner): Promise<OwnSlots> => {
        const item = found.get(slotsSk(phase, owner)) ?? null;
        if (item && item.mv === metaVersion) return { owner, version: item.v, actions: item.actions };
        // Written before META's last change (a removal, a rollback, an import): the stored actions say.
        const stored = await this.queryAll(matchId, ownerActionsPrefix(phase, owner));
        return { owner, version: item?.v ?? 0, actions: stored.map((i) => i.pending as PendingAction) };
      }),
    );
  }

  async writeSlots(write: SlotWrite) {
    const { matchId, phase, read } = write;
    const pk = matchKey(matchId);
    const after = slotsAfter(read.slots, write.changes);
    const slotItems: TransactItem[] = read.slots.map((before, i) => {
      const Key = { pk, sk: slotsSk(phase, before.owner) };
      const condition =
        before.version === 0
          ? { ConditionExpression: 'attribute_not_exists(v) OR v = :v', ExpressionAttributeValues: { ':v': 0 } }
          : { ConditionExpression: 'v = :v', ExpressionAttributeValues: { ':v': before.version } };
      const now = after[i]!;
      if (now === before) return { ConditionCheck: { TableName: this.table, Key, ...condition } };
      const item: SlotsItem = { v: now.version, mv: read.metaVersion, actions: now.actions };
      return { Put: { TableName: this.table, Item: { ...Key, ...item }, ...condition } };
    });
    // The last change of a slot is what it holds (a transaction names each item once).
    const last = new Map(write.changes.map((c) => [actionSk(phase, c.owner, c.slot), c]));
    const actionItems: TransactItem[] = [...last].map(([sk, c]) =>
      c.stored
        ? { Put: { TableName: this.table, Item: { pk, sk, pending: c.stored, ...(c.order ? { order: c.order } : {}) } } }
        : { Delete: { TableName: this.table, Key: { pk, sk } } },
    );
    const checks = this.openPhaseChecks(matchId, phase, write.player, write.now, read);
    const rest = [...checks, ...slotItems, ...actionItems];
    const inSlots = (i: number) => i >= checks.length && i < checks.length + slotItems.length;
    // The log's CURSOR (after `rest`) may fail beside the slots when a packmate's write took both: still 'slots'.
    await this.transactLogged(matchId, rest, this.eventPuts(matchId, write.events), (failed) => {
      const own = failed.filter((i) => i < rest.length);
      return own.length > 0 && own.every(inSlots) ? 'slots' : 'match';
    });
  }

  async markChecked(matchId: string, phase: string, playerId: string, now: number) {
    const [metaCheck] = this.openPhaseChecks(matchId, phase, playerId, now);
    await this.transact([
      metaCheck!,
      {
        Update: {
          TableName: this.table,
          Key: { pk: matchKey(matchId), sk: playerSk(playerId) },
          UpdateExpression: 'SET checkedPhase = :phase',
          ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(checkedPhase) OR checkedPhase <> :phase)',
          ExpressionAttributeValues: { ':phase': phase },
        },
      },
    ]);
  }

  async appendEvents(matchId: string, events: StoredEvent[], phase?: string) {
    if (events.length === 0) return;
    await this.transactLogged(
      matchId,
      [
        {
          ConditionCheck: {
            TableName: this.table,
            Key: { pk: matchKey(matchId), sk: META_SK },
            ConditionExpression: phase === undefined ? '#status <> :ended' : '#status <> :ended AND #phase = :phase',
            ExpressionAttributeNames: { '#status': 'status', ...(phase === undefined ? {} : { '#phase': 'phase' }) },
            ExpressionAttributeValues: { ':ended': 'ended', ...(phase === undefined ? {} : { ':phase': phase }) },
          },
        },
      ],
      this.eventPuts(matchId, events),
    );
  }

  async listEvents(matchId: string, phases: string[]) {
    const items = await this.queryAll(matchId, PREFIX.event);
    const byPhase = new Map<string, Array<{ sk: string; events: StoredEvent[] }>>();
    for (const item of items) {
      const events = readEvents(item.data ? (unpack(item.data as Uint8Array) as LegacyStoredEvent[]) : [item.stored as LegacyStoredEvent]);
      const phase = events[0]?.phase;
      if (phase === undefined) continue;
      const list = byPhase.get(phase) ?? [];
      list.push({ sk: item.sk as string, events });
      byPhase.set(phase, list);
    }
    const out: StoredEvent[] = [];
    for (const phase of phases) {
      const list = (byPhase.get(phase) ?? []).sort((a, b) => (a.sk < b.sk ? -1 : a.sk > b.sk ? 1 : 0));
      for (const entry of list) out.push(...entry.events);
    }
    return out;
  }

  /** Test and tooling helper: deletes one item by key. */
  async deleteRaw(matchId: string, sk: string) {
    await this.doc.send(new DeleteCommand({ TableName: this.table, Key: { pk: matchKey(matchId), sk } }));
  }
}
