// Builds the AWS adapters from the Lambda environment (functions/env.ts); functions/compose.ts wires them.
// The store is built at once: every request reads it. The scheduler, the publisher, the page push and
// Web Push are deferred (../deferred.ts): most requests never use them, and their SDK clients are the
// largest part of a cold start that would otherwise build them.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { LambdaEnv } from '../../env.js';
import type { DeliveryQueue, LiveChannel, PlatformAdapters, PushSender, Publisher, Scheduler } from '../../ports.js';
import { deferred } from '../deferred.js';
import { HttpNotifier } from '../http-notifier.js';
import { DynamoStore } from './dynamo-store.js';
import { telegramFromEnv } from '../../telegram/aws.js';

/** The adapters a Lambda's environment (functions/env.ts, parsed at cold start) describes. */
export function awsAdapters(env: LambdaEnv): PlatformAdapters {
  const dynamo = new DynamoDBClient(env.DYNAMO_ENDPOINT ? { endpoint: env.DYNAMO_ENDPOINT } : {});
  const store = new DynamoStore({
    client: dynamo,
    tableName: env.TABLE_NAME,
    ...(env.RETENTION_DAYS > 0 ? { retentionSeconds: env.RETENTION_DAYS * 86_400 } : {}),
    lobbyLifetimeSeconds: env.LOBBY_DAYS * 86_400,
    emptyLobbyLifetimeSeconds: env.EMPTY_LOBBY_HOURS * 3600,
  });
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = env;
  return {
    ...(publicKey && privateKey ? { push: pushSender(publicKey, privateKey, env.VAPID_SUBJECT) } : {}),
    ...(env.LIVE_ENDPOINT ? { live: liveChannel(dynamo, env.TABLE_NAME, env.LIVE_ENDPOINT) } : {}),
    store,
    lobbyLifetimeMs: env.LOBBY_DAYS * 86_400_000,
    emptyLobbyLifetimeMs: env.EMPTY_LOBBY_HOURS * 3_600_000,
    scheduler: scheduler({
      groupName: env.SCHEDULE_GROUP,
      resolverArn: env.RESOLVER_ARN,
      roleArn: env.SCHEDULER_ROLE_ARN,
      ...(env.RESOLVER_DLQ_ARN ? { deadLetterArn: env.RESOLVER_DLQ_ARN } : {}),
    }),
    publisher: publisher(env.SITE_BUCKET, env.S3_ENDPOINT),
    clock: { now: () => Date.now() },
    notifier: new HttpNotifier(),
    ...(env.SITE_URL ? { siteUrl: env.SITE_URL } : {}),
    ...(env.EFFECTS === 'stream' ? { effects: 'stream' as const } : {}),
    ...(env.DELIVERY_QUEUE_URL ? { deliveries: deliveryQueue(env.DELIVERY_QUEUE_URL) } : {}),
    // From the operator's bot secret (infra/telegram.ts, issue 45): the codes' links, the sends.
    ...telegramFromEnv(env),
  };
}

function deliveryQueue(queueUrl: string): DeliveryQueue {
  return deferred<DeliveryQueue>(async () => (await import('./sqs-deliveries.js')).lambdaDeliveries(queueUrl), { enqueue: true }, {});
}

// The environment is read (and a missing name refused) at cold start; only the adapters wait.
// Each import names the adapter's module, not the SDK package: esbuild then keeps only the commands the
// adapter sends (a package imported whole keeps all of them).

function scheduler(options: { groupName: string; resolverArn: string; roleArn: string; deadLetterArn?: string }): Scheduler {
  return deferred<Scheduler>(
    async () => (await import('./event-bridge-scheduler.js')).lambdaScheduler(options),
    { schedule: true, cancel: true },
    {},
  );
}

function publisher(bucket: string, endpoint: string | undefined): Publisher {
  return deferred<Publisher>(
    async () => (await import('./s3-publisher.js')).lambdaPublisher(bucket, endpoint),
    { put: true, remove: true },
    {},
  );
}

function liveChannel(dynamo: DynamoDBClient, tableName: string, endpoint: string): LiveChannel {
  return deferred<LiveChannel>(
    async () => new (await import('./apigw-live.js')).ApiGatewayLive({ dynamo, tableName, endpoint }),
    { announce: true },
    {},
  );
}

function pushSender(publicKey: string, privateKey: string, subject: string): PushSender {
  return deferred<PushSender>(
    async () => new (await import('../web-push-sender.js')).WebPushSender({ vapid: { publicKey, privateKey, subject } }),
    { send: true },
    { publicKey },
  );
}
