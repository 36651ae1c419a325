// The Lambdas' environment, declared once: every variable the Lambda code reads, what it holds, its default.
// The handlers parse it once, at cold start; infra/ names the variables from here; the local stack takes its defaults.
import * as z from 'zod';
import { BUSY_EVENING_LIMITS } from './api/rate-limit.js';
import { DEFAULT_EMPTY_LOBBY_LIFETIME_MS, DEFAULT_LOBBY_LIFETIME_MS } from './service/listing.js';

const text = z.string();
const count = (fallback: number) => z.coerce.number().default(fallback);

/** Every variable a Lambda handler reads. Required ones are those the ports cannot be built without. */
export const LAMBDA_ENV = z.object({
  /** The single table (every function). */
  TABLE_NAME: text,
  /** The site's bucket, where results are published. */
  SITE_BUCKET: text,
  /** EventBridge Scheduler: the group of the phases' schedules, the resolver they invoke, the role they invoke it as. */
  SCHEDULE_GROUP: text,
  RESOLVER_ARN: text,
  SCHEDULER_ROLE_ARN: text,
  /** For a schedule's DeadLetterConfig (the scheduler role may send to it). */
  RESOLVER_DLQ_ARN: text.optional(),
  /** The deployment's stage, on every log line and metric. */
  STAGE: text.default('local'),
  /** Days a finished match is kept before TTL removes it (context matchRetentionDays); 0 keeps it. */
  RETENTION_DAYS: count(0),
  /** Days a lobby that never starts stays listed (and then expires by TTL). */
  LOBBY_DAYS: count(DEFAULT_LOBBY_LIFETIME_MS / 86_400_000),
  /** Hours a lobby nobody has joined stays listed (issue 41), then it expires by TTL. */
  EMPTY_LOBBY_HOURS: count(DEFAULT_EMPTY_LOBBY_LIFETIME_MS / 3_600_000),
  /** Local endpoints instead of AWS's (tests, the bundles run on this machine). */
  DYNAMO_ENDPOINT: text.optional(),
  S3_ENDPOINT: text.optional(),
  /** The site's address (`https://host`) for links in forum posts; unset, they are relative. */
  SITE_URL: text.optional(),
  /** The live pages' WebSocket callback URL (infra/live-socket.ts), on the functions that push. */
  LIVE_ENDPOINT: text.optional(),
  /** From the operator's VAPID secret (infra/web-push.ts); without the keys nobody can subscribe to notifications. */
  VAPID_PUBLIC_KEY: text.optional(),
  VAPID_PRIVATE_KEY: text.optional(),
  VAPID_SUBJECT: text.default('mailto:dusk@example.org'),
  /** `stream` where the table's stream has its consumer (decision 11): requests then do their own work only. */
  EFFECTS: z.enum(['stream']).optional(),
  /** The delivery queue (SQS); unset, deliveries are sent in line. */
  DELIVERY_QUEUE_URL: text.optional(),
  /** The API's limits (decision 14): per token, per address, matches created per address and hour. */
  RATE_PER_MINUTE: count(BUSY_EVENING_LIMITS.perTokenPerMinute),
  ANONYMOUS_RATE_PER_MINUTE: count(BUSY_EVENING_LIMITS.perAddressPerMinute),
  CREATE_PER_HOUR: count(10),
  /** Matches created per hour by everyone together (issue 41: a flood from many addresses). */
  CREATE_PER_HOUR_ALL: count(600),
  /** Telegram (issue 45, infra/telegram.ts): the bot's token and username, the Bot API's address, the webhook's secret header. */
  TELEGRAM_TOKEN: text.optional(),
  TELEGRAM_BOT: text.optional(),
  TELEGRAM_API: text.optional(),
  TELEGRAM_WEBHOOK_SECRET: text.optional(),
  /** The header value only CloudFront sends (infra/site.ts); unset, the API takes requests without it. */
  ORIGIN_SECRET: text.optional(),
});
export type LambdaEnv = z.infer<typeof LAMBDA_ENV>;
export type EnvName = keyof LambdaEnv;

/** What the live-connection function reads: it builds no ports (a small bundle, a quick cold start). */
export const LIVE_ENV = LAMBDA_ENV.pick({ TABLE_NAME: true, DYNAMO_ENDPOINT: true, LIVE_ENDPOINT: true, STAGE: true });

/** The API's limits: the Lambda reads them from its environment, `npm start` takes their defaults (functions/local/start.ts). */
export const LIMITS_ENV = LAMBDA_ENV.pick({
  RATE_PER_MINUTE: true,
  ANONYMOUS_RATE_PER_MINUTE: true,
  CREATE_PER_HOUR: true,
  CREATE_PER_HOUR_ALL: true,
});

/** The variables' names, for infra/ to set them by (`ENV.TABLE_NAME` is `'TABLE_NAME'`). */
export const ENV = Object.fromEntries(Object.keys(LAMBDA_ENV.shape).map((name) => [name, name])) as { readonly [K in EnvName]: K };

/** The names a schema cannot do without (no default, not optional): what a function must be given. */
export function requiredNames(schema: z.ZodObject): string[] {
  return Object.entries(schema.shape)
    .filter(([, field]) => !(field as z.ZodType).safeParse(undefined).success)
    .map(([name]) => name);
}

/** The environment parsed by `schema`; an empty value counts as unset (as an unset variable in a Lambda's console). */
export function readEnv<S extends z.ZodObject>(schema: S, source: Record<string, string | undefined> = process.env): z.infer<S> {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const names = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0])))];
    throw new Error(`environment variable ${names.join(', ')} is not set or not valid`);
  }
  return parsed.data;
}

/** The ports-building functions' environment (api, resolver, sweeper, effects, deliveries). */
export const lambdaEnv = (source?: Record<string, string | undefined>): LambdaEnv => readEnv(LAMBDA_ENV, source);
