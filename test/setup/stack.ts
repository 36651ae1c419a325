// Test helpers: a local stack on the shared DynamoDB Local, each test file with its own table.
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { startLocalStack, type LocalStack, type LocalStackOptions } from '../../functions/local/stack.js';

export async function testStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  return startLocalStack({
    dynamoEndpoint: inject('dynamoEndpoint'),
    tableName: `t-${randomBytes(6).toString('hex')}`,
    sweepEveryMs: 500,
    ...options,
  });
}

/** A small JSON client for the API, as a page or curl would use it. */
export function client(base: string) {
  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const response = await fetch(`${base}${path}`, {
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
