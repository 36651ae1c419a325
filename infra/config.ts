// Operator settings, read from CDK context (`-c key=value`, or the `context` block of cdk.json).
// Every key is optional; this module is the only place that knows their names and defaults.
import { RetentionDays } from 'aws-cdk-lib/aws-logs';

/** CloudFront, its WAF web ACL (scope CLOUDFRONT) and its ACM certificate only exist in us-east-1. */
export const DEPLOY_REGION = 'us-east-1';

export interface DuskConfig {
  /** Names the stack (`dusk-<stage>`), the schedule group and the `STAGE` env of the functions. */
  readonly stage: string;
  /** Custom domain for the site and its `/api/*`, e.g. `dusk.example.org`. */
  readonly domainName?: string;
  /** ARN of an ACM certificate in us-east-1 covering `domainName`. */
  readonly certificateArn?: string;
  /** Route 53 hosted zone of `domainName`: the stack adds the alias records (and the certificate if none is given). */
  readonly hostedZoneId?: string;
  readonly hostedZoneName?: string;
  /** Days a finished match is kept before its items expire by TTL. */
  readonly matchRetentionDays: number;
  /** Days CloudWatch keeps the functions' and the API's logs. */
  readonly logRetentionDays: RetentionDays;
  /** Where alarm notifications are e-mailed (optional: the SNS topic exists either way). */
  readonly alarmEmail?: string;
  /** HTTP API stage throttling: steady requests per second and burst. */
  readonly apiRateLimit: number;
  readonly apiBurstLimit: number;
  /** WAF: requests per client IP per 5 minutes, over the whole site and for API writes. */
  readonly wafRateLimit: number;
  readonly wafApiWriteRateLimit: number;
  /** Matches one client address may create (or import) per hour, apart from the request rate. */
  readonly createPerHour: number;
  /** Days a lobby that never starts stays listed before it expires. */
  readonly lobbyDays: number;
  /** Web Push: the Secrets Manager secret holding `{ publicKey, privateKey }`, and who runs the server. */
  readonly vapid?: { readonly secretName: string; readonly subject: string };
  /** Telegram (issue 45): the secret holding `{ token, webhookSecret }`, the bot's username, the Bot API's address. */
  readonly telegram?: { readonly secretName: string; readonly botName: string; readonly apiUrl?: string };
}

/** The context keys an operator may set, with their meaning (also in README.md, "Settings (CDK context)"). */
export const CONTEXT_KEYS = {
  stage: 'stage name, lowercase letters, digits and dashes (default prod)',
  domainName: 'custom domain for the site (optional)',
  certificateArn: 'ACM certificate ARN in us-east-1 for domainName (optional if hostedZoneId is set)',
  hostedZoneId: 'Route 53 hosted zone id of domainName (optional)',
  hostedZoneName: 'Route 53 hosted zone name, required with hostedZoneId',
  matchRetentionDays: 'days a finished match is kept (default 90)',
  logRetentionDays: 'days logs are kept (default 30; a CloudWatch Logs retention value)',
  alarmEmail: 'e-mail address subscribed to the alarm topic (optional)',
  apiRateLimit: 'HTTP API steady rate limit, requests per second (default 50)',
  apiBurstLimit: 'HTTP API burst limit (default 100)',
  wafRateLimit: 'WAF limit per IP per 5 minutes over the whole site (default 2000)',
  wafApiWriteRateLimit: 'WAF limit per IP per 5 minutes for POST/PUT/PATCH/DELETE on /api/* (default 300)',
  createPerHour: 'matches one address may create or import per hour (default 10)',
  lobbyDays: 'days a lobby that never starts stays listed before it expires (default 7)',
  vapidSecretName:
    'Secrets Manager secret with the Web Push VAPID keys as JSON { publicKey, privateKey } (optional: without it, no notifications)',
  vapidSubject: 'VAPID contact for the push services, mailto: or https: (default mailto:<alarmEmail>)',
  telegramSecretName: 'Secrets Manager secret with the Telegram bot as JSON { token, webhookSecret } (optional: without it, no bot)',
  telegramBotName: "the bot's username from BotFather, without @ (required with telegramSecretName)",
  telegramApiUrl: 'the Bot API server (default https://api.telegram.org; a self-hosted one)',
} as const;

export type ContextKey = keyof typeof CONTEXT_KEYS;

export const DEFAULTS = {
  stage: 'prod',
  matchRetentionDays: 90,
  logRetentionDays: RetentionDays.ONE_MONTH,
  apiRateLimit: 50,
  apiBurstLimit: 100,
  wafRateLimit: 2000,
  wafApiWriteRateLimit: 300,
  createPerHour: 10,
  lobbyDays: 7,
} as const;

const VALID_RETENTION = new Set<number>(Object.values(RetentionDays).filter((v): v is number => typeof v === 'number'));

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

type Lookup = (key: ContextKey) => unknown;

function text(get: Lookup, key: ContextKey): string | undefined {
  const value = get(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new ConfigError(`context ${key} must be a string`);
  return value.trim();
}

function integer(get: Lookup, key: ContextKey, fallback: number, min: number, max: number): number {
  const raw = get(key);
  if (raw === undefined || raw === null || raw === '') return fallback;
  const value = typeof raw === 'number' ? raw : Number(String(raw).trim());
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`context ${key} must be a whole number from ${min} to ${max}, got ${String(raw)}`);
  }
  return value;
}

/** Reads and validates the operator settings; `get` is usually `(k) => node.tryGetContext(k)`. */
export function readConfig(get: Lookup): DuskConfig {
  const stage = text(get, 'stage') ?? DEFAULTS.stage;
  if (!/^[a-z][a-z0-9-]{0,19}$/.test(stage)) {
    throw new ConfigError(`context stage must match [a-z][a-z0-9-]{0,19}, got ${stage}`);
  }
  const domainName = text(get, 'domainName')?.toLowerCase();
  const certificateArn = text(get, 'certificateArn');
  const hostedZoneId = text(get, 'hostedZoneId');
  const hostedZoneName = text(get, 'hostedZoneName')?.toLowerCase().replace(/\.$/, '');
  if (domainName !== undefined && !/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(domainName)) {
    throw new ConfigError(`context domainName is not a domain name: ${domainName}`);
  }
  if (certificateArn !== undefined) {
    if (domainName === undefined) throw new ConfigError('context certificateArn needs domainName');
    if (!/^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[A-Za-z0-9-]+$/.test(certificateArn)) {
      throw new ConfigError('context certificateArn must be an ACM certificate ARN in us-east-1 (CloudFront requires it)');
    }
  }
  if ((hostedZoneId === undefined) !== (hostedZoneName === undefined)) {
    throw new ConfigError('context hostedZoneId and hostedZoneName go together');
  }
  if (hostedZoneId !== undefined && domainName === undefined) {
    throw new ConfigError('context hostedZoneId needs domainName');
  }
  if (
    hostedZoneName !== undefined &&
    domainName !== undefined &&
    domainName !== hostedZoneName &&
    !domainName.endsWith(`.${hostedZoneName}`)
  ) {
    throw new ConfigError(`context domainName ${domainName} is not inside hosted zone ${hostedZoneName}`);
  }
  if (domainName !== undefined && certificateArn === undefined && hostedZoneId === undefined) {
    throw new ConfigError('context domainName needs certificateArn (us-east-1) or hostedZoneId/hostedZoneName to issue one');
  }
  const logRetentionDays = integer(get, 'logRetentionDays', DEFAULTS.logRetentionDays, 1, 3653);
  if (!VALID_RETENTION.has(logRetentionDays)) {
    throw new ConfigError(`context logRetentionDays must be one of ${[...VALID_RETENTION].sort((a, b) => a - b).join(', ')}`);
  }
  const alarmEmail = text(get, 'alarmEmail');
  if (alarmEmail !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(alarmEmail)) {
    throw new ConfigError(`context alarmEmail is not an e-mail address: ${alarmEmail}`);
  }
  const vapidSecretName = text(get, 'vapidSecretName');
  if (vapidSecretName !== undefined && !/^[A-Za-z0-9/_+=.@-]{1,512}$/.test(vapidSecretName)) {
    throw new ConfigError(`context vapidSecretName is not a Secrets Manager secret name: ${vapidSecretName}`);
  }
  const vapidSubject = text(get, 'vapidSubject') ?? (alarmEmail !== undefined ? `mailto:${alarmEmail}` : undefined);
  if (vapidSecretName !== undefined && (vapidSubject === undefined || !/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/.test(vapidSubject))) {
    throw new ConfigError('context vapidSecretName needs vapidSubject (mailto:… or https://…) or alarmEmail');
  }
  const telegramSecretName = text(get, 'telegramSecretName');
  const telegramBotName = text(get, 'telegramBotName');
  const telegramApiUrl = text(get, 'telegramApiUrl');
  if (telegramSecretName !== undefined && !/^[A-Za-z0-9/_+=.@-]{1,512}$/.test(telegramSecretName)) {
    throw new ConfigError(`context telegramSecretName is not a Secrets Manager secret name: ${telegramSecretName}`);
  }
  if (telegramSecretName !== undefined && (telegramBotName === undefined || !/^[A-Za-z][A-Za-z0-9_]{3,31}$/.test(telegramBotName))) {
    throw new ConfigError("context telegramSecretName needs telegramBotName, the bot's username (letters, digits, _)");
  }
  if (telegramApiUrl !== undefined && !/^https:\/\/[^\s/]+(\/\S*)?$/.test(telegramApiUrl)) {
    throw new ConfigError(`context telegramApiUrl is not an https:// address: ${telegramApiUrl}`);
  }
  const apiRateLimit = integer(get, 'apiRateLimit', DEFAULTS.apiRateLimit, 1, 10_000);
  const apiBurstLimit = integer(get, 'apiBurstLimit', DEFAULTS.apiBurstLimit, 1, 5_000);
  return {
    stage,
    ...(domainName !== undefined ? { domainName } : {}),
    ...(certificateArn !== undefined ? { certificateArn } : {}),
    ...(hostedZoneId !== undefined ? { hostedZoneId } : {}),
    ...(hostedZoneName !== undefined ? { hostedZoneName } : {}),
    matchRetentionDays: integer(get, 'matchRetentionDays', DEFAULTS.matchRetentionDays, 1, 3650),
    logRetentionDays: logRetentionDays as RetentionDays,
    ...(alarmEmail !== undefined ? { alarmEmail } : {}),
    apiRateLimit,
    apiBurstLimit,
    // WAF rate-based rules accept 10 .. 2e9 requests per evaluation window.
    wafRateLimit: integer(get, 'wafRateLimit', DEFAULTS.wafRateLimit, 10, 2_000_000_000),
    wafApiWriteRateLimit: integer(get, 'wafApiWriteRateLimit', DEFAULTS.wafApiWriteRateLimit, 10, 2_000_000_000),
    createPerHour: integer(get, 'createPerHour', DEFAULTS.createPerHour, 1, 10_000),
    lobbyDays: integer(get, 'lobbyDays', DEFAULTS.lobbyDays, 1, 365),
    ...(vapidSecretName !== undefined ? { vapid: { secretName: vapidSecretName, subject: vapidSubject! } } : {}),
    ...(telegramSecretName !== undefined
      ? {
          telegram: {
            secretName: telegramSecretName,
            botName: telegramBotName!,
            ...(telegramApiUrl !== undefined ? { apiUrl: telegramApiUrl } : {}),
          },
        }
      : {}),
  };
}
