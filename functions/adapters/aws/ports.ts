// Wires the AWS adapters from the Lambda environment (names come from infra/, nowhere else).
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SchedulerClient } from '@aws-sdk/client-scheduler';
import { withPush } from '../../service/push/observers.js';
import { toolkitObservers } from '../../service/toolkit/hooks.js';
import type { Ports } from '../../ports.js';
import { DEFAULT_LOBBY_LIFETIME_MS } from '../../service/listing.js';
import { HttpNotifier } from '../http-notifier.js';
import { WebPushSender } from '../web-push-sender.js';
import { ApiGatewayLive } from './apigw-live.js';
import { DynamoStore } from './dynamo-store.js';
import { EventBridgeScheduler } from './event-bridge-scheduler.js';
import { S3Publisher } from './s3-publisher.js';

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
    observers: withPush(toolkitObservers),
    ...(publicKey && privateKey ? { push: new WebPushSender({ vapid: { publicKey, privateKey, subject: subject || 'mailto:dusk@example.org' } }) } : {}),
    ...(liveEndpoint ? { live: new ApiGatewayLive({ dynamo, tableName: required('TABLE_NAME'), endpoint: liveEndpoint }) } : {}),
    store,
    quota: store.quota,
    lobbyLifetimeMs: lobbyDays * 86_400_000,
    scheduler: new EventBridgeScheduler({
      client: new SchedulerClient({}),
      groupName: required('SCHEDULE_GROUP'),
      resolverArn: required('RESOLVER_ARN'),
      roleArn: required('SCHEDULER_ROLE_ARN'),
      ...(process.env.RESOLVER_DLQ_ARN ? { deadLetterArn: process.env.RESOLVER_DLQ_ARN } : {}),
    }),
    publisher: new S3Publisher(new S3Client(process.env.S3_ENDPOINT ? { endpoint: process.env.S3_ENDPOINT, forcePathStyle: true } : {}), required('SITE_BUCKET')),
    clock: { now: () => Date.now() },
    notifier: new HttpNotifier(),
    ...(process.env.SITE_URL ? { siteUrl: process.env.SITE_URL } : {}),
  };
}
