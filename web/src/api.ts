// The public HTTP API and the published files: the only things the page talks to. Each call names a
// route of the contract (functions/api/routes.ts) by its method and path; the types say what it takes
// and what it answers (web/src/api-types.ts).
import type { SettingsIssue } from '../../functions/api/answers.js';
import type { AnswerOf, PathOf, ReadCheck, RequestOf, Verb } from './api-types.js';
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

/** `/api/matches/{id}/me` with `{ id }` and a query: the URL to send to. */
function urlOf(path: string, request: { params?: Record<string, string>; query?: Record<string, unknown> }): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(request.params?.[name] ?? ''));
  const query = Object.entries(request.query ?? {}).filter(([, v]) => v !== undefined);
  return query.length ? `${filled}?${new URLSearchParams(query.map(([k, v]) => [k, String(v)]))}` : filled;
}

/** Calls a route of the API; a refusal is thrown as an ApiError. */
export async function api<M extends Verb, P extends PathOf<M>>(method: M, path: P, request: RequestOf<M, P>): Promise<AnswerOf<M, P>> {
  return (await send(method, urlOf(path, request), request.body, request.token)).json as AnswerOf<M, P>;
}

/** An answer read as a page type that shapes what the contract leaves open (web/src/types.ts). */
export const readAs = <T, A>(answer: A & ReadCheck<A, T>): T => answer as unknown as T;

/**
 * A GET sent with `If-None-Match: tag`: null when the server answers 304 (what the caller holds is
 * still the answer), else the answer and its tag. `T` may read the answer more narrowly where the
 * contract leaves a ruleset's part open (web/src/types.ts).
 */
export async function apiIfChanged<P extends PathOf<'GET'>, T = AnswerOf<'GET', P>>(
  path: P,
  request: RequestOf<'GET', P> & ReadCheck<AnswerOf<'GET', P>, T>,
  tag: string | null,
): Promise<{ body: T; tag: string | null } | null> {
  const { response, json } = await send('GET', urlOf(path, request), undefined, request.token, tag ? { 'if-none-match': tag } : {});
  if (response.status === 304) return null;
  return { body: json as T, tag: response.headers.get('etag') };
}

async function send(
  method: string,
  url: string,
  body: unknown,
  token: string | undefined,
  extra: Record<string, string> = {},
): Promise<{ response: Response; json: unknown }> {
  const headers: Record<string, string> = { ...extra };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: 'no-store' });
  } catch {
    throw new ApiError(0, 'network', 'The server cannot be reached.');
  }
  noteClock(response);
  if (response.status === 304) return { response, json: null };
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!response.ok) {
    const err = (json as { error?: Record<string, unknown> } | null)?.error;
    throw new ApiError(
      response.status,
      typeof err?.code === 'string' ? err.code : `http-${response.status}`,
      typeof err?.message === 'string' ? err.message : response.statusText,
      err?.params && typeof err.params === 'object' ? (err.params as Record<string, unknown>) : undefined,
      Array.isArray(err?.issues) ? (err.issues as SettingsIssue[]) : undefined,
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
