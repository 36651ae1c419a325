// The public HTTP API and the published files: the only things the page talks to.
import type { SettingsIssue } from '../../functions/service/settings-issue.js';
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The refusal's numbers (`{ dealt, quorum }`), for the page's own sentence. */
    readonly params?: Record<string, unknown>,
    /** A settings refusal's issues: path, zod code, bounds. */
    readonly issues?: SettingsIssue[],
  ) {
    super(message);
  }
}

let skew = 0;

/** Notes how far this device's clock is from the server's (the `Date` header; whole seconds). */
function noteClock(response: Response): void {
  const date = Date.parse(response.headers.get('date') ?? '');
  if (Number.isNaN(date)) return;
  const seen = date + 500 - Date.now();
  skew = Math.abs(seen) > 3000 ? seen : 0;
}

/** Now, as the server counts it: countdowns stay right on a device whose clock is off. */
export const serverNow = (): number => Date.now() + skew;

export async function api<T = any>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  return (await send(method, path, body, token)).json as T;
}

/**
 * A GET sent with `If-None-Match: tag`: null when the server answers 304 (what the caller holds is
 * still the answer), else the answer and its tag.
 */
export async function apiIfChanged<T = any>(path: string, tag: string | null, token?: string): Promise<{ body: T; tag: string | null } | null> {
  const { response, json } = await send('GET', path, undefined, token, tag ? { 'if-none-match': tag } : {});
  if (response.status === 304) return null;
  return { body: json as T, tag: response.headers.get('etag') };
}

async function send(method: string, path: string, body: unknown, token: string | undefined, extra: Record<string, string> = {}): Promise<{ response: Response; json: any }> {
  const headers: Record<string, string> = { ...extra };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: 'no-store' });
  } catch {
    throw new ApiError(0, 'network', 'The server cannot be reached.');
  }
  noteClock(response);
  if (response.status === 304) return { response, json: null };
  const text = await response.text();
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!response.ok) {
    const err = json?.error;
    throw new ApiError(
      response.status,
      typeof err?.code === 'string' ? err.code : `http-${response.status}`,
      typeof err?.message === 'string' ? err.message : response.statusText,
      err?.params && typeof err.params === 'object' ? err.params : undefined,
      Array.isArray(err?.issues) ? err.issues : undefined,
    );
  }
  return { response, json };
}

/** A published static file (`/matches/...`), or null when it is not there. */
export async function published<T = any>(path: string): Promise<T | null> {
  try {
    const response = await fetch(path, { cache: 'no-cache' });
    if (!response.ok) return null;
    const type = response.headers.get('content-type') ?? '';
    if (!type.includes('json')) return null;
    return (await response.json()) as T;
  } catch {
    return null;
  }
}
