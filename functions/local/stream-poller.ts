// The local stack's stream reader: DynamoDB Local's stream of the table, handed to the same consumer the
// AWS Lambda runs (functions/effects/consume.ts). A match whose work fails waits, retried with backoff,
// while every other match goes on; after MAX_ATTEMPTS its changes become dead letters the operator can list.
import { DynamoDBClient, PutItemCommand, QueryCommand, DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import { plainImage } from '../effects/image.js';
import { matchOf, type StreamChange } from '../effects/changes.js';
import { consumeChanges } from '../effects/consume.js';
import type { Ports } from '../ports.js';
import { DEAD_LETTERS_PK, matchKey } from '../adapters/aws/keys.js';

/** Tries of a match's work before its changes are dead letters (the AWS mapping's retries, infra/effects.ts). */
export const MAX_ATTEMPTS = 4;
/** Wait before try n + 1: 100 ms, 400 ms, 1.6 s. */
export const retryDelayMs = (attempt: number) => 100 * 4 ** (attempt - 1);
/** The partition of dead letters on the table. */

/** A stream record as the consumer reads it (the Lambda's event carries the same fields). */
export function changeOf(record: _Record): StreamChange | null {
  const d = record.dynamodb;
  const keys = d?.Keys ? plainImage(d.Keys) : null;
  if (!d?.SequenceNumber || !keys || !record.eventName) return null;
  return {
    id: d.SequenceNumber,
    kind: record.eventName,
    pk: String(keys.pk),
    sk: String(keys.sk),
    ...(d.OldImage ? { before: plainImage(d.OldImage) } : {}),
    ...(d.NewImage ? { after: plainImage(d.NewImage) } : {}),
  };
}

interface Held {
  changes: StreamChange[];
  attempts: number;
  nextAt: number;
}

export interface StreamPoller {
  /** Stops reading (the changes read are finished first). */
  stop(): Promise<void>;
  /** Resolves once every change committed before the call has been consumed (tests, the bench). */
  caughtUp(): Promise<void>;
}

export interface DeadLetter {
  id: string;
  matchId: string;
  error: string;
  attempts: number;
  at: number;
  changes: Array<Pick<StreamChange, 'id' | 'kind' | 'sk'>>;
}

export async function listDeadLetters(client: DynamoDBClient, tableName: string): Promise<DeadLetter[]> {
  const out = await client.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': { S: DEAD_LETTERS_PK } },
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? []).map((i) => JSON.parse(String(plainImage(i).letter)) as DeadLetter);
}

export async function startStreamPoller(options: {
  client: DynamoDBClient;
  endpoint: string;
  tableName: string;
  ports: Ports;
  /** A table made just now is read from its start; one kept from before, from now on. */
  fromStart: boolean;
  /** The wait between reads while changes keep coming. */
  pollEveryMs?: number;
  /** The wait while the stream is quiet; a write through `client`, or `caughtUp()`, ends it at once. */
  idleEveryMs?: number;
}): Promise<StreamPoller> {
  const { client, tableName, ports } = options;
  const every = options.pollEveryMs ?? 50;
  const idleEvery = options.idleEveryMs ?? 500;
  const streams = new DynamoDBStreamsClient({
    endpoint: options.endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
  const streamArn = Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`The table ${tableName} has no stream`);
  const iterators = new Map<string, string>();
  const closed = new Set<string>();
  const lastSeen = new Map<string, string>();
  const held = new Map<string, Held>();
  let running = true;
  let rounds = 0;
  let rediscover = false;
  let waiters: Array<{ round: number; done: () => void }> = [];
  // A quiet stream is read every `idleEvery`, not every `every`: an idle stack costs DynamoDB Local two reads a
  // second instead of twenty. A poke (a write through this client, a waiter) brings the next read forward to
  // `every` after the last one began, so a commit's effects start as soon as before and a burst of writes is
  // still read at most twenty times a second.
  let poked = false;
  let wake: (() => void) | null = null;
  let cut: (() => void) | null = null;
  const poke = () => {
    poked = true;
    wake?.();
  };
  const pause = (ms: number, earliest: number) =>
    new Promise<void>((done) => {
      const deadline = Date.now() + ms;
      const end = () => {
        clearTimeout(timer);
        wake = cut = null;
        done();
      };
      let timer = setTimeout(end, ms);
      wake = () => {
        wake = null;
        clearTimeout(timer);
        timer = setTimeout(end, Math.max(0, Math.min(deadline, earliest) - Date.now()));
      };
      cut = end;
      if (poked) wake();
    });
  const WAKE = 'streamPollerWake';
  const WRITES =
    /^(PutItem|UpdateItem|DeleteItem|BatchWriteItem|TransactWriteItems|ExecuteStatement|BatchExecuteStatement|ExecuteTransaction)Command$/;

  async function discoverShards(initial: boolean): Promise<void> {
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    for (const shard of StreamDescription?.Shards ?? []) {
      const id = shard.ShardId!;
      if (iterators.has(id) || closed.has(id)) continue;
      const type = initial && !options.fromStart && !shard.SequenceNumberRange?.EndingSequenceNumber ? 'LATEST' : 'TRIM_HORIZON';
      const { ShardIterator } = await streams.send(
        new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: id, ShardIteratorType: type }),
      );
      if (ShardIterator) iterators.set(id, ShardIterator);
      else closed.add(id);
    }
  }

  async function deadLetter(matchId: string, entry: Held, error: string): Promise<void> {
    const letter: DeadLetter = {
      id: entry.changes[0]!.id,
      matchId,
      error,
      attempts: entry.attempts,
      at: Date.now(),
      changes: entry.changes.map((c) => ({ id: c.id, kind: c.kind, sk: c.sk })),
    };
    console.error(JSON.stringify({ level: 'error', message: 'effects dead letter', matchId, first: letter.id, error }));
    await client.send(
      new PutItemCommand({
        TableName: tableName,
        Item: { pk: { S: DEAD_LETTERS_PK }, sk: { S: `${letter.at}#${letter.id}` }, letter: { S: JSON.stringify(letter) } },
      }),
    );
  }

  /** Runs changes: a match already waiting keeps its new changes behind the old (order per match). */
  async function consume(changes: StreamChange[], now: number): Promise<void> {
    const fresh: StreamChange[] = [];
    for (const c of changes) {
      const matchId = matchOf(c.pk);
      const waiting = matchId === undefined ? undefined : held.get(matchId);
      if (waiting) waiting.changes.push(c);
      else fresh.push(c);
    }
    const due = [...held].filter(([, h]) => h.nextAt <= now);
    for (const [matchId] of due) held.delete(matchId);
    const batch = [...due.flatMap(([, h]) => h.changes), ...fresh];
    if (batch.length === 0) return;
    const outcome = await consumeChanges(ports, batch);
    for (const failure of outcome.failed) {
      const before = due.find(([m]) => m === failure.matchId)?.[1];
      const entry: Held = {
        changes: batch.filter((c) => c.pk === matchKey(failure.matchId)),
        attempts: (before?.attempts ?? 0) + 1,
        nextAt: 0,
      };
      if (entry.attempts >= MAX_ATTEMPTS) await deadLetter(failure.matchId, entry, failure.error);
      else held.set(failure.matchId, { ...entry, nextAt: Date.now() + retryDelayMs(entry.attempts) });
    }
  }

  /** One read of every shard; says how many changes it read. */
  async function poll(): Promise<number> {
    if (rounds % 20 === 0 || rediscover) {
      rediscover = false;
      await discoverShards(rounds === 0);
    }
    const changes: StreamChange[] = [];
    for (const [shard, iterator] of iterators) {
      let out;
      try {
        out = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
      } catch (error) {
        // An iterator DynamoDB Local no longer honours (trimmed, expired): read on after the last record seen.
        const name = (error as { name?: string }).name;
        if (name !== 'TrimmedDataAccessException' && name !== 'ExpiredIteratorException') throw error;
        const seen = lastSeen.get(shard);
        const again = await streams.send(
          new GetShardIteratorCommand({
            StreamArn: streamArn,
            ShardId: shard,
            ...(seen ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: seen } : { ShardIteratorType: 'TRIM_HORIZON' }),
          }),
        );
        if (again.ShardIterator) iterators.set(shard, again.ShardIterator);
        continue;
      }
      for (const r of out.Records ?? []) {
        const change = changeOf(r);
        if (change) changes.push(change);
        if (r.dynamodb?.SequenceNumber) lastSeen.set(shard, r.dynamodb.SequenceNumber);
      }
      if (out.NextShardIterator) iterators.set(shard, out.NextShardIterator);
      else {
        iterators.delete(shard);
        closed.add(shard);
        // Its successor is read from the next round on, not twenty rounds later.
        rediscover = true;
      }
    }
    await consume(changes, Date.now());
    return changes.length;
  }

  await discoverShards(true);
  rounds = 1;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const out = await next(args);
      if (WRITES.test(context.commandName ?? '')) poke();
      return out;
    },
    { step: 'initialize', name: WAKE },
  );
  const loop = (async () => {
    while (running) {
      const started = rounds;
      const began = Date.now();
      poked = false;
      let read = 0;
      try {
        read = await poll();
      } catch (error) {
        console.error(JSON.stringify({ level: 'warn', message: 'stream poll failed', error: String(error) }));
      }
      rounds++;
      const ready = waiters.filter((w) => w.round < started);
      waiters = waiters.filter((w) => w.round >= started);
      for (const w of ready) w.done();
      if (!running) break;
      const retryIn = Math.min(...[...held.values()].map((h) => h.nextAt - Date.now()));
      await pause(read > 0 ? every : Math.max(0, Math.min(idleEvery, retryIn)), began + every);
    }
  })();

  return {
    async stop() {
      running = false;
      cut?.();
      await loop;
      client.middlewareStack.remove(WAKE);
      for (const w of waiters) w.done();
      streams.destroy();
    },
    caughtUp() {
      // A round that starts after this call reads everything committed before it.
      return new Promise((done) => {
        waiters.push({ round: rounds, done });
        poke();
      });
    },
  };
}
