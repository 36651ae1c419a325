// The local embedded stack: DynamoDB Local, the table, the API and the site on one port, the local scheduler.
import { mkdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { DynamoStore } from '../adapters/aws/dynamo-store.js';
import { createTable } from '../adapters/aws/table.js';
import { FolderPublisher } from '../adapters/local/folder-publisher.js';
import { LocalLive } from '../adapters/local/ws-live.js';
import { HttpNotifier } from '../adapters/http-notifier.js';
import { WebPushSender } from '../adapters/web-push-sender.js';
import { systemClock, TimerScheduler } from '../adapters/local/timer-scheduler.js';
import { createApp, MAX_BODY_BYTES } from '../api/app.js';
import { composePorts } from '../compose.js';
import type { Clock, Ports, PushSender } from '../ports.js';
import { DEFAULT_EMPTY_LOBBY_LIFETIME_MS, DEFAULT_LOBBY_LIFETIME_MS } from '../service/listing.js';
import { resolvePhase, sweep } from '../service/resolve.js';
import { localClient, startDynamoLocal, type DynamoLocal } from './dynamodb-local.js';
import { COMPRESS_FROM, serveSite, useCompression } from './site.js';
import { transportServer } from './transport.js';
import { localVapidKeys } from './vapid.js';
import { LocalDeliveries } from '../adapters/local/local-deliveries.js';
import { startStreamPoller, type StreamPoller } from './stream-poller.js';
import { mountWebhook, startBot, type TelegramOptions } from './telegram.js';
import { startPolling } from '../telegram/polling.js';

export interface LocalStackOptions {
  /** HTTP port; 0 picks a free one. */
  port?: number;
  host?: string;
  /** Where data lives across restarts; unset keeps everything in memory (tests). */
  dataDir?: string;
  /** Use an already running DynamoDB endpoint instead of starting one. */
  dynamoEndpoint?: string;
  /** The DynamoDB Local it starts serves for hours (`npm start`): dynamodb-local.ts, JVM_FLAGS. */
  longLived?: boolean;
  tableName?: string;
  /** Every phase lasts this many seconds (watch a whole match). */
  phaseSeconds?: number;
  /** The built page (defaults to web/dist). */
  webDir?: string;
  /** Requests per minute per address and per token; 0 = unlimited. */
  ratePerMinute?: number;
  /** Anonymous requests per address per minute; default `ratePerMinute`. */
  anonymousPerMinute?: number;
  /** Matches created (or imported) per address per hour; 0 or unset = unlimited (`npm start` sets 10). */
  createPerHour?: number;
  /** Matches created (or imported) per hour from every address together; 0 or unset = unlimited (`npm start` sets 600). */
  createPerHourAll?: number;
  /** A lobby that never starts leaves the lists (and expires by TTL) this long after its creation. */
  lobbyLifetimeMs?: number;
  /** A lobby nobody joined expires this long after its creation (default 6 hours; issue 41). */
  emptyLobbyLifetimeMs?: number;
  /** How often the scheduler loop reads due matches. */
  sweepEveryMs?: number;
  clock?: Clock;
  /** Web Push (default: this machine's VAPID keys, kept under `dataDir`, fresh ones without it). */
  push?: PushSender;
  /**
   * Whether the table's stream drives what follows a commit (decision 11; default true). False runs those
   * effects inside the requests, as before the stream (a test comparing the two).
   */
  streamEffects?: boolean;
  /**
   * A Telegram bot (issue 45): its token and the Bot API's base URL (DUSK_TELEGRAM_API). `poll` reads
   * updates by long polling; `webhookSecret` takes them at POST /telegram/webhook instead.
   */
  telegram?: TelegramOptions;
}

export interface LocalStack {
  url: string;
  ports: Ports;
  siteDir: string;
  dynamoEndpoint: string;
  tableName: string;
  /** The stream's reader (null when the effects run in the requests). */
  effects: StreamPoller | null;
  /** Deliveries to push services and webhooks, each on its own. */
  deliveries: LocalDeliveries;
  stop(): Promise<void>;
}

export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  // Node 24, as the Lambdas: the SDK's notice about Node versions is not for a player's terminal.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const dataDir = options.dataDir ? resolve(options.dataDir) : null;
  let dynamo: DynamoLocal | null = null;
  let endpoint = options.dynamoEndpoint;
  if (!endpoint) {
    dynamo = await startDynamoLocal({
      ...(dataDir ? { dataDir: join(dataDir, 'dynamodb') } : {}),
      ...(options.longLived ? { longLived: true } : {}),
    });
    endpoint = dynamo.endpoint;
  }
  const tableName = options.tableName ?? 'dusk';
  const client = localClient(endpoint);
  const created = await createTable(client, tableName);
  const streamEffects = options.streamEffects ?? true;
  const deliveries = new LocalDeliveries();

  const siteDir = dataDir ? join(dataDir, 'site') : resolve('.data', 'tmp-site', `${process.pid}-${Date.now()}`);
  await mkdir(join(siteDir, 'matches'), { recursive: true });
  const scheduler = new TimerScheduler();
  const lobbyLifetimeMs = options.lobbyLifetimeMs ?? DEFAULT_LOBBY_LIFETIME_MS;
  const emptyLobbyLifetimeMs = options.emptyLobbyLifetimeMs ?? DEFAULT_EMPTY_LOBBY_LIFETIME_MS;
  const store = new DynamoStore({
    client,
    tableName,
    lobbyLifetimeSeconds: Math.ceil(lobbyLifetimeMs / 1000),
    emptyLobbyLifetimeSeconds: Math.ceil(emptyLobbyLifetimeMs / 1000),
  });
  const live = new LocalLive();
  // Push services on this machine are fine locally, as webhook receivers are.
  const push = options.push ?? new WebPushSender({ vapid: await localVapidKeys(dataDir), allowInternal: true });
  const bot = options.telegram ? await startBot(options.telegram) : null;
  const ports: Ports = composePorts({
    store,
    lobbyLifetimeMs,
    emptyLobbyLifetimeMs,
    scheduler,
    publisher: new FolderPublisher(siteDir),
    clock: options.clock ?? systemClock,
    // Webhook receivers on this machine are fine locally (a deployed API refuses internal addresses).
    notifier: new HttpNotifier({ allowInternal: true }),
    live,
    push,
    deliveries,
    ...(streamEffects ? { effects: 'stream' as const } : {}),
    ...(options.phaseSeconds ? { phaseSeconds: options.phaseSeconds } : {}),
    // With a bot, compose.ts adds the groups' reminders to the sweep, as on AWS.
    ...(bot ? { telegram: bot.bot } : {}),
  });

  deliveries.attach(ports);
  const effects = streamEffects ? await startStreamPoller({ client, endpoint, tableName, ports, fromStart: created }) : null;

  const { app: api } = createApp(ports, {
    ratePerMinute: options.ratePerMinute ?? 0,
    createPerHour: options.createPerHour ?? 0,
    createPerHourAll: options.createPerHourAll ?? 0,
    ...(options.anonymousPerMinute ? { anonymousPerMinute: options.anonymousPerMinute } : {}),
  });
  const app = new Hono();
  useCompression(app);
  app.route('/', api);
  if (bot && options.telegram?.mode === 'webhook') mountWebhook(app, ports, options.telegram.webhookSecret ?? '');
  serveSite(app, siteDir, options.webDir);

  const server: ServerType = await new Promise((ready) => {
    const s = serve(
      {
        fetch: app.fetch,
        port: options.port ?? 0,
        hostname: options.host ?? '127.0.0.1',
        createServer: transportServer({ prefix: '/api/', maxBodyBytes: MAX_BODY_BYTES, compressFrom: COMPRESS_FROM }),
      },
      () => ready(s),
    );
  });
  live.attach(server as unknown as import('node:http').Server, ports);
  const address = server.address() as AddressInfo;
  ports.siteUrl ??= `http://${options.host ?? '127.0.0.1'}:${address.port}`;
  scheduler.start(
    (matchId, phase) => resolvePhase(ports, matchId, phase),
    () => sweep(ports),
    options.sweepEveryMs ?? 1000,
  );

  const poller =
    bot && options.telegram?.mode === 'poll' ? startPolling(ports, bot.api, { timeoutSeconds: options.telegram.pollSeconds ?? 25 }) : null;

  return {
    url: `http://${options.host ?? '127.0.0.1'}:${address.port}`,
    ports,
    siteDir,
    dynamoEndpoint: endpoint,
    tableName,
    effects,
    deliveries,
    async stop() {
      scheduler.stop();
      await poller?.stop();
      await effects?.stop();
      live.close();
      await new Promise<void>((done) => server.close(() => done()));
      client.destroy();
      await dynamo?.stop();
      // A stack without a data directory published into a folder of its own, which nothing reads after it.
      if (!dataDir) await rm(siteDir, { recursive: true, force: true });
    },
  };
}
