// The GM toolkit's storage on the same single table: rollback deletions, imports, the webhook outbox.
import { gzipSync } from 'node:zlib';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { StoredEvent } from '../../../engine/core/events.js';
import type { PendingAction } from '../../../engine/core/types.js';
import type { ToolkitStore } from '../../ports.js';
import type { OutboxItem, PlayerRecord } from '../../records.js';
import { headOf, logSk } from './event-log.js';
import { audienceCopies } from './audience-keys.js';
import { groupSk } from './event-keys.js';
import { queryPartition } from './partition.js';
import { padTime, queryStatusIndex } from './status-index.js';
import {
  actionSk,
  actionsPrefix,
  CURSOR_SK,
  eventsPrefix,
  matchKey,
  OUTBOX_PENDING,
  outboxSk,
  playerSk,
  PREFIX,
  stateSk,
  TABLE_KEYS,
} from './keys.js';

// The item layout is DynamoStore's (the match key from partition.ts, the status index's from status-index.ts).
const pack = (value: unknown): Uint8Array => gzipSync(Buffer.from(JSON.stringify(value)));
const CHUNK_BYTES = 300_000;
/** Delivered or abandoned deliveries stay a week (so a retried enqueue finds its key), then expire. */
const OUTBOX_KEEP_SECONDS = 7 * 86_400;
const OUTBOX_INDEX = OUTBOX_PENDING;

type Item = Record<string, unknown>;

export class DynamoToolkitStore implements ToolkitStore {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  /** The match's items under `prefix`; with `keysOnly`, just what a rollback needs to delete them. */
  private query(matchId: string, prefix: string, keysOnly: boolean): Promise<Item[]> {
    return queryPartition(this.doc, this.table, matchId, prefix, keysOnly ? ['pk', 'sk', 'pending', 'log', 'seen'] : undefined);
  }

  /** BatchWrite in groups of 25, retrying what DynamoDB leaves unprocessed. */
  private async batch(requests: Array<{ PutRequest: { Item: Item } } | { DeleteRequest: { Key: Item } }>) {
    for (let i = 0; i < requests.length; i += 25) {
      let pending = requests.slice(i, i + 25);
      for (let attempt = 0; pending.length > 0; attempt++) {
        if (attempt > 8) throw new Error('batch write did not finish');
        if (attempt > 0) await new Promise((r) => setTimeout(r, 25 * 2 ** attempt));
        const out = await this.doc.send(new BatchWriteCommand({ RequestItems: { [this.table]: pending } }));
        pending = (out.UnprocessedItems?.[this.table] ?? []) as typeof pending;
      }
    }
  }

  /** Deletes the items with their copies in the event log (and its copies by audience), then moves the log's epoch: readers start over. */
  private async deleteAll(items: Item[]) {
    const keys = items.flatMap((i) => [
      { pk: i.pk, sk: i.sk },
      ...(typeof i.log === 'string' ? [{ pk: i.pk, sk: i.log }] : []),
      ...(Array.isArray(i.seen) ? (i.seen as string[]).map((sk) => ({ pk: i.pk, sk })) : []),
    ]);
    await this.batch(keys.map((Key) => ({ DeleteRequest: { Key } })));
    const pk = items[0]?.pk;
    if (pk === undefined || !items.some((i) => typeof i.log === 'string')) return;
    await this.doc.send(
      new UpdateCommand({
        TableName: this.table,
        Key: { pk, sk: CURSOR_SK },
        UpdateExpression: 'ADD epoch :one',
        ExpressionAttributeValues: { ':one': 1 },
      }),
    );
  }

  async discardPhase(matchId: string, phase: string) {
    const actions = await this.query(matchId, actionsPrefix(phase), true);
    const events = await this.query(matchId, eventsPrefix(phase), true);
    await this.deleteAll([...actions, ...events, { pk: matchKey(matchId), sk: stateSk(phase) }]);
  }

  async discardClose(matchId: string, phase: string) {
    // Close chunks and the no-show notices written with them sort after every submission (`~`).
    const close = await this.query(matchId, `${eventsPrefix(phase)}~`, true);
    const auto = (await this.query(matchId, actionsPrefix(phase), true)).filter((i) => (i.pending as PendingAction | undefined)?.auto);
    await this.deleteAll([...close, ...auto]);
  }

  async importItems(
    matchId: string,
    items: { players: PlayerRecord[]; states: Record<string, unknown>; actions: Record<string, PendingAction[]>; events: StoredEvent[] },
  ) {
    const pk = matchKey(matchId);
    const puts: Item[] = [
      ...items.players.map((p) => ({ pk, sk: playerSk(p.id), ...p })),
      ...Object.entries(items.states).map(([key, state]) => ({ pk, sk: stateSk(key), data: pack(state) })),
      ...Object.entries(items.actions).flatMap(([phase, list]) =>
        list.map((a) => ({ pk, sk: actionSk(phase, a.owner, a.slot), pending: a })),
      ),
    ];
    // Events keep their order: each key group of a phase becomes compressed chunks, as close events are.
    const groups = new Map<string, StoredEvent[][]>();
    for (const e of items.events) {
      const key = groupSk(e);
      const chunks = groups.get(key) ?? [[]];
      const last = chunks[chunks.length - 1]!;
      const size = last.reduce((n, x) => n + JSON.stringify(x).length, 0);
      if (last.length > 0 && size + JSON.stringify(e).length > CHUNK_BYTES) chunks.push([e]);
      else last.push(e);
      groups.set(key, chunks);
    }
    // The log gets the events in the record's order, one position per chunk, after what it holds.
    const cursor = await this.doc.send(new GetCommand({ TableName: this.table, Key: { pk, sk: CURSOR_SK }, ConsistentRead: true }));
    const head = headOf(cursor.Item);
    let n = head.n;
    // A log that starts here is kept by audience as well (audience-keys.ts), as a played match's is.
    const byAudience = head.n === 0 || head.byAudience;
    for (const [key, chunks] of groups) {
      chunks.forEach((chunk, i) => {
        const at = { n: ++n, k: 0 };
        const log = logSk(at);
        const data = pack(chunk);
        const copies = byAudience ? audienceCopies(at, chunk) : [];
        const seen = copies.length > 0 ? { seen: copies.map((c) => c.sk) } : {};
        puts.push({ pk, sk: `${key}#${String(i).padStart(4, '0')}`, data, log, ...seen }, { pk, sk: log, data });
        for (const copy of copies) puts.push({ pk, sk: copy.sk, ...(copy.events ? { data: pack(copy.events) } : {}) });
      });
    }
    puts.push({ pk, sk: CURSOR_SK, n, epoch: head.epoch, ...(byAudience ? { byAudience } : {}) });
    await this.batch(puts.map((Item) => ({ PutRequest: { Item } })));
  }

  private outboxItem(item: OutboxItem): Item {
    const out: Item = { ...item, pk: matchKey(item.matchId), sk: outboxSk(item.key) };
    if (item.state === 'pending') {
      out[TABLE_KEYS.statusIndexPartitionKey] = OUTBOX_INDEX;
      out[TABLE_KEYS.statusIndexSortKey] = `${padTime(item.nextAt)}#${item.matchId}#${item.key}`;
    } else {
      out[TABLE_KEYS.ttlAttribute] = Math.floor(item.nextAt / 1000) + OUTBOX_KEEP_SECONDS;
    }
    return out;
  }

  private static strip(item: Item): OutboxItem {
    const { pk: _a, sk: _b, gsi1pk: _c, gsi1sk: _d, expiresAt: _e, ...rest } = item;
    return { revision: 0, ...rest } as unknown as OutboxItem;
  }

  private async conditionalPut(input: ConstructorParameters<typeof PutCommand>[0]): Promise<boolean> {
    try {
      await this.doc.send(new PutCommand(input));
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  addOutbox(item: OutboxItem) {
    return this.conditionalPut({ TableName: this.table, Item: this.outboxItem(item), ConditionExpression: 'attribute_not_exists(pk)' });
  }

  saveOutbox(item: OutboxItem) {
    // A delivery stored before revisions existed has none: it counts as revision 0.
    const first = item.revision === 1;
    return this.conditionalPut({
      TableName: this.table,
      Item: this.outboxItem(item),
      ConditionExpression: first ? 'attribute_not_exists(#r) OR #r = :r' : '#r = :r',
      ExpressionAttributeNames: { '#r': 'revision' },
      ExpressionAttributeValues: { ':r': item.revision - 1 },
    });
  }

  async getOutbox(matchId: string, key: string) {
    const out = await this.doc.send(
      new GetCommand({ TableName: this.table, Key: { pk: matchKey(matchId), sk: outboxSk(key) }, ConsistentRead: true }),
    );
    return out.Item ? DynamoToolkitStore.strip(out.Item) : null;
  }

  async dueOutbox(now: number, limit: number) {
    return (await queryStatusIndex(this.doc, this.table, OUTBOX_INDEX, { dueBy: now, limit })).map((i) => DynamoToolkitStore.strip(i));
  }

  async listOutbox(matchId: string, limit: number) {
    const items = await this.query(matchId, PREFIX.outbox, false);
    return items
      .map((i) => DynamoToolkitStore.strip(i))
      .sort((a, b) => a.createdAt - b.createdAt)
      .slice(-limit);
  }
}
