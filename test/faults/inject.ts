// DynamoDB faults that DynamoDB Local never produces, injected at the SDK's middleware stack, inside
// the SDK's retry loop: what the store and the resolver see is exactly what AWS would send them.
import {
  DynamoDBClient,
  ProvisionedThroughputExceededException,
  ThrottlingException,
  TransactionCanceledException,
  TransactionConflictException,
} from '@aws-sdk/client-dynamodb';

/**
 * - `throttle`: the request is refused before it is applied (ThrottlingException or
 *   ProvisionedThroughputExceededException, alternately); the SDK retries it with backoff.
 * - `conflict`: another transaction holds an item. TransactWriteItems is cancelled with
 *   `TransactionConflict`; a single-item write gets TransactionConflictException.
 * - `lost-answer`: the write is applied and then the connection drops (ECONNRESET); the SDK
 *   sends the same request again.
 */
export type Fault = 'throttle' | 'conflict' | 'lost-answer';

export interface Call {
  /** `PutItemCommand`, `TransactWriteItemsCommand`, ... */
  command: string;
  /** 1 for the first call of this command on this client, retries included. */
  n: number;
  /** The command's input as JSON (marshalled attribute values), to aim at one kind of write. */
  input: string;
}

export interface Injected {
  command: string;
  n: number;
  fault: Fault;
}

export interface FaultyClient {
  client: DynamoDBClient;
  injected: Injected[];
  /** Counts of calls per command, retries included. */
  calls: Record<string, number>;
  /** Replaces the plan (null: no more faults). */
  plan(decide: ((call: Call) => Fault | null) | null): void;
}

const metadata = () => ({ httpStatusCode: 400, requestId: 'injected', attempts: 1, totalRetryDelay: 0 });

function failure(fault: 'throttle' | 'conflict', command: string, n: number): Error {
  if (fault === 'throttle') {
    return n % 2 === 0
      ? new ThrottlingException({ message: 'Rate of requests exceeds the allowed throughput (injected).', $metadata: metadata() })
      : new ProvisionedThroughputExceededException({
          message: 'Throughput exceeds the provisioned level (injected).',
          $metadata: metadata(),
        });
  }
  if (command === 'TransactWriteItemsCommand') {
    return new TransactionCanceledException({
      message: 'Transaction cancelled, please refer cancellation reasons for specific reasons [TransactionConflict] (injected)',
      $metadata: metadata(),
      CancellationReasons: [{ Code: 'TransactionConflict', Message: 'Transaction is ongoing for the item' }],
    });
  }
  return new TransactionConflictException({
    message: 'Transaction is ongoing for the item (injected).',
    $metadata: metadata(),
  });
}

/** A client for DynamoDB Local configured like the local stack's (`localClient`), with a fault plan. */
export function faultyClient(endpoint: string, decide: ((call: Call) => Fault | null) | null = null): FaultyClient {
  const client = new DynamoDBClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 3,
  });
  const injected: Injected[] = [];
  const calls: Record<string, number> = {};
  let plan = decide;
  client.middlewareStack.addRelativeTo(
    (next: any, context: any) => async (args: any) => {
      const command = String(context.commandName);
      const n = (calls[command] = (calls[command] ?? 0) + 1);
      const fault = plan?.({ command, n, input: JSON.stringify(args.input ?? null) }) ?? null;
      if (fault === null) return next(args);
      injected.push({ command, n, fault });
      if (fault !== 'lost-answer') throw failure(fault, command, n);
      await next(args);
      throw Object.assign(new Error('socket hang up (injected after the write was applied)'), { code: 'ECONNRESET' });
    },
    { relation: 'after', toMiddleware: 'retryMiddleware', name: 'duskInjectedFaults', override: true },
  );
  return {
    client,
    injected,
    calls,
    plan(next) {
      plan = next;
    },
  };
}

export const WRITES = new Set(['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand', 'TransactWriteItemsCommand']);
