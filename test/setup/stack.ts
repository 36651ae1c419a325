// Test helpers: a local stack on this worker's DynamoDB Local (test/setup/endpoint.ts), each test file with its own table.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { errorBody } from '../../functions/api/schemas.js';
import { startLocalStack, type LocalStack, type LocalStackOptions } from '../../functions/local/stack.js';
import { dynamoEndpoint } from './endpoint.js';

export async function testStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  return startLocalStack({
    dynamoEndpoint: dynamoEndpoint(),
    tableName: `t-${randomBytes(6).toString('hex')}`,
    sweepEveryMs: 500,
    ...options,
  });
}

/**
 * How a client reaches the API: over HTTP (`fetch`), or straight into a Hono app (`app.request`).
 * The client reads only the status and the text of an answer.
 */
export type Send = (url: string, init: RequestInit) => Promise<Pick<Response, 'status' | 'text'>>;

/**
 * A small JSON client for the API, as a page or curl would use it (`base` may be read at each call);
 * `send` puts it straight on an app with no server (test/faults/record.ts `appClient`).
 */
export function client(base: string | (() => string), send: Send = fetch) {
  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const url = `${typeof base === 'string' ? base : base()}${path}`;
    const response = await send(url, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    // The published site's files (/matches/…) are plain objects in a bucket: only the API refuses.
    if (response.status >= 400 && url.includes('/api/')) expectReadableRefusal(method, path, response.status, json);
    return { status: response.status, body: json };
  };
  return {
    call,
    get: (path: string, token?: string) => call('GET', path, undefined, token),
    post: (path: string, body?: unknown, token?: string) => call('POST', path, body ?? {}, token),
    patch: (path: string, body: unknown, token?: string) => call('PATCH', path, body, token),
    del: (path: string, token?: string) => call('DELETE', path, undefined, token),
  };
}

/**
 * Every refusal any test meets is checked against the API's own error schema: a reason id and a message a
 * person can read. A refusal that lost its words fails the test that met it, whatever that test asserts.
 */
function expectReadableRefusal(method: string, path: string, status: number, body: unknown): void {
  const checked = errorBody.safeParse(body);
  if (!checked.success) {
    throw new Error(`${method} ${path} answered ${status} without a readable refusal: ${JSON.stringify(body)?.slice(0, 200)}`);
  }
}

/**
 * A stack for the file's tests: started before them, stopped after them. `stack` and `api` may be
 * kept from the start (`const { api, stack } = useStack()`); they reach the stack once it runs.
 */
export function useStack(options: LocalStackOptions = {}): { stack: LocalStack; api: ReturnType<typeof client> } {
  let running: LocalStack | undefined;
  const current = () => {
    if (!running) throw new Error('The stack is not started yet: use it inside a test or a hook.');
    return running;
  };
  beforeAll(async () => {
    running = await testStack(options);
  });
  afterAll(async () => running?.stop());
  const stack = new Proxy({} as LocalStack, { get: (_, key) => current()[key as keyof LocalStack] });
  return { stack, api: client(() => current().url) };
}

/**
 * Waits until the stream's consumer has handled every commit made before the call (its next full read of
 * the stream), and the deliveries it queued have run: what a request no longer waits for (decision 11).
 */
export async function effectsSettled(stack: LocalStack): Promise<void> {
  await stack.effects?.caughtUp();
  await stack.deliveries.drain();
}
