// Wires the AWS adapters from the Lambda environment (names come from infra/, nowhere else).
// The store is built at once: every request reads it. The scheduler, the publisher, the page push and
// Web Push are deferred (../deferred.ts): most requests never use them, and their SDK clients are the
// largest part of a cold start that would otherwise build them.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { withPush } from '../../service/push/observers.js';
import { withTelegram } from '../../telegram/reminders.js';
import { toolkitObservers } from '../../service/toolkit/hooks.js';
import type { DeliveryQueue, LiveChannel, Ports, PushSender, Publisher, Scheduler } from '../../ports.js';
import { DEFAULT_LOBBY_LIFETIME_MS } from '../../service/listing.js';
import { deferred } from '../deferred.js';
import { HttpNotifier } from '../http-notifier.js';
import { DynamoStore } from './dynamo-store.js';
import { telegramFromEnv } from '../../telegram/aws.js';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`environment variable ${name} is not set`);
  return value;
}

export function awsPorts(extra: Pick<Ports, 'telemetry'> = {}): Ports {
  const endpoint = process.env.DYNAMO_ENDPOINT;
  const retentionDays = Number(process.env.RETENTION_DAYS ?? '0');
  const lobbyDays = Number(process.env.LOBBY_DAYS ?? DEFAULT_LOBBY_LIFETIME_MS / 86_400_000);
  const dynamo = new DynamoDBClient(endpoint ? { endpoint } : {});
  const store = new DynamoStore({
    client: dynamo,
    tableName: required('TABLE_NAME'),
    ...(retentionDays > 0 ? { retentionSeconds: retentionDays * 86_400 } : {}),
    lobbyLifetimeSeconds: lobbyDays * 86_400,
  });
  // Set by infra/live-socket.ts on the functions that push (the API, the resolver).
  const liveEndpoint = process.env.LIVE_ENDPOINT;
  // Set by infra/ from the operator's VAPID secret; without them nobody can subscribe to notifications.
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = process.env;
  return {
    ...extra,
    observers: withTelegram(withPush(toolkitObservers)),
    ...(publicKey && privateKey ? { push: pushSender(publicKey, privateKey, subject || 'mailto:dusk@example.org') } : {}),
    ...(liveEndpoint ? { live: liveChannel(dynamo, required('TABLE_NAME'), liveEndpoint) } : {}),
    store,
    quota: store.quota,
    lobbyLifetimeMs: lobbyDays * 86_400_000,
    scheduler: scheduler({
      groupName: required('SCHEDULE_GROUP'),
      resolverArn: required('RESOLVER_ARN'),
      roleArn: required('SCHEDULER_ROLE_ARN'),
      ...(process.env.RESOLVER_DLQ_ARN ? { deadLetterArn: process.env.RESOLVER_DLQ_ARN } : {}),
    }),
    publisher: publisher(required('SITE_BUCKET'), process.env.S3_ENDPOINT),
    clock: { now: () => Date.now() },
    notifier: new HttpNotifier(),
    ...(process.env.SITE_URL ? { siteUrl: process.env.SITE_URL } : {}),
    // Set by infra/ where the table's stream has its consumer (decision 11): requests then do their own work only.
    ...(process.env.EFFECTS === 'stream' ? { effects: 'stream' as const } : {}),
    ...(process.env.DELIVERY_QUEUE_URL ? { deliveries: deliveryQueue(process.env.DELIVERY_QUEUE_URL) } : {}),
    // Set by infra/telegram.ts from the operator's bot secret (issue 45): the codes' links, the sends.
    ...telegramFromEnv(process.env),
  };
}

function deliveryQueue(queueUrl: string): DeliveryQueue {
  return deferred<DeliveryQueue>(async () => (await import('./sqs-deliveries.js')).lambdaDeliveries(queueUrl), { enqueue: true }, {});
}


// The environment is read (and a missing name refused) when the ports are made; only the adapters wait.
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
