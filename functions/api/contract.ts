// How a route of the API is declared once: its method, path, caller, request schemas and every status
// it answers with. The OpenAPI document (openapi.ts) and the registration on the app (mount) both come
// from that one definition; the page's client (web/src/api.ts) reads its types.
import { createRoute, z, type OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { BlankEnv } from 'hono/types';
import { body as readJson, query as readQuery } from './body.js';
import { errorBody } from './schemas.js';
import type { Caller } from '../service/callers.js';
import type { Loaded } from '../service/context.js';
import type { ErrorStatus } from './status.js';

/** The API app: a Hono app with an OpenAPI registry (what the live hooks and the servers take as a Hono app). */
export type ApiApp = OpenAPIHono<BlankEnv>;

export type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';
/**
 * Who may call a route, declared once on it; `mount` resolves the caller before the handler runs.
 * `seat`: a player's token that the write path verifies inside its own transaction (decision 7's
 * one-trip submission), so the handler gets the checked token, not a caller read beforehand.
 */
export type Auth = 'none' | 'gm' | 'player' | 'seat';
export type SuccessStatus = 200 | 201;

/** What a request may give before any route reads it (functions/api/app.ts and edge.ts). */
const EDGE_REFUSALS = [
  403, // direct-access: deployed, a request that did not come through the site
  429, // rate-limited
  500, // internal
] as const satisfies readonly ErrorStatus[];

const REFUSAL_DESCRIPTION: Record<ErrorStatus, string> = {
  400: 'Bad input (invalid-body, invalid-settings, a bad cursor, …)',
  401: 'No token, or not one for this match (unauthorized, seat-replaced)',
  403: 'Not yours (gm-only, player-only, channel-forbidden, direct-access)',
  404: 'Not there (not-found, …)',
  409: 'The match’s state or phase does not allow it now (wrong-phase, a ruleset’s refusal, …)',
  413: 'The body is too large',
  429: 'Too many requests (rate-limited, create-limited)',
  500: 'Something went wrong on our side (internal, ruleset-not-installed)',
  503: 'The store is busy or not ready: try again',
};

export interface RouteSpec<
  M extends Method,
  P extends string,
  B extends z.ZodType | undefined,
  Q extends z.ZodObject | undefined,
  O,
  S extends SuccessStatus,
  A extends Auth = Auth,
> {
  method: M;
  /** The OpenAPI path (`/api/matches/{id}`); the Hono path is derived from it. */
  path: P;
  summary: string;
  auth: A;
  body?: B;
  /** Query parameters (each one optional unless its schema says otherwise). */
  query?: Q;
  /** The success answer: its status and schema, or what `answer()` documents (`text` for a text/plain answer). */
  ok: { status: S; schema: z.ZodType<O> | AnswerDoc<O>; text?: true };
  /** The refusals this route itself can give, besides the edge's (EDGE_REFUSALS) and those its shape implies. */
  refuses?: readonly ErrorStatus[];
  /** Whether the route reads the store (then 503 is possible); default true. */
  store?: boolean;
}

/** One route, declared once: its types for the page's client and its OpenAPI operation. */
export interface Route<
  M extends Method = Method,
  P extends string = string,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodObject | undefined = z.ZodObject | undefined,
  O = unknown,
  S extends SuccessStatus = SuccessStatus,
  A extends Auth = Auth,
> {
  method: M;
  path: P;
  auth: A;
  body: B;
  query: Q;
  status: S;
  /** The answer's type (never set: for the client's types only). */
  answer?: O;
  /** The Hono path it is registered under: `{id}` becomes `:id`. */
  routingPath: string;
  /** Its OpenAPI operation, built the first time it is read (when the document is generated). */
  readonly config: RouteConfig;
}

/** The statuses a route's shape implies: who calls it, what it names, what it reads. */
function refusalsOf(
  spec: RouteSpec<Method, string, z.ZodType | undefined, z.ZodObject | undefined, unknown, SuccessStatus, Auth>,
): ErrorStatus[] {
  const out = new Set<ErrorStatus>([...EDGE_REFUSALS, ...(spec.refuses ?? [])]);
  if (spec.auth !== 'none') [401, 403].forEach((s) => out.add(s as ErrorStatus));
  // A path naming something (a match, a player, ...) may name what is not there, or be overlong.
  if (spec.path.includes('{')) out.add(404);
  if (spec.body || spec.query) out.add(400);
  // Any request may carry a body; only GET has none the limit reads.
  if (spec.method !== 'get') out.add(413);
  if (spec.store !== false) out.add(503);
  return [...out].sort((a, b) => a - b);
}

/**
 * A route's request body in the OpenAPI document. Whether it is required (an empty body fails the
 * schema) is worked out when the document is generated, on the first GET /api/openapi.json: parsing
 * every route's body while the API started cost some 14 ms of its cold start (node --cpu-prof).
 */
function bodyDoc(schema: z.ZodType): { required: boolean; content: { 'application/json': { schema: z.ZodType } } } {
  let required: boolean | undefined;
  return {
    get required() {
      return (required ??= !schema.safeParse({}).success);
    },
    content: { 'application/json': { schema } },
  };
}

const pathParams = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

/**
 * A route, declared once. Its OpenAPI operation (zod schemas for its path, its answers and every
 * refusal) is built only when the document is generated: building all of them as the API started
 * cost some 10 ms of its cold start (issue 17; `npm run bench -- --only bundles`).
 */
export function route<
  const M extends Method,
  const P extends string,
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodObject | undefined = undefined,
  O = unknown,
  const S extends SuccessStatus = 200,
  const A extends Auth = Auth,
>(spec: RouteSpec<M, P, B, Q, O, S, A>): Route<M, P, B, Q, O, S, A> {
  if (spec.auth !== 'none' && !spec.path.includes('{id}')) throw new Error(`${spec.path}: a route with a caller names its match ({id})`);
  let config: RouteConfig | undefined;
  return {
    method: spec.method,
    path: spec.path,
    auth: spec.auth,
    body: spec.body as B,
    query: spec.query as Q,
    status: spec.ok.status,
    routingPath: spec.path.replaceAll(/\{(\w+)\}/g, ':$1'),
    get config() {
      return (config ??= operation(
        spec as RouteSpec<Method, string, z.ZodType | undefined, z.ZodObject | undefined, unknown, SuccessStatus, Auth>,
      ));
    },
  };
}

function operation(
  spec: RouteSpec<Method, string, z.ZodType | undefined, z.ZodObject | undefined, unknown, SuccessStatus, Auth>,
): RouteConfig {
  const refusals = refusalsOf(spec);
  const names = pathParams(spec.path);
  const { schema } = spec.ok;
  const responses: RouteConfig['responses'] = {
    [spec.ok.status]: {
      description: spec.ok.status === 201 ? 'Created' : 'OK',
      content: {
        [spec.ok.text ? 'text/plain' : 'application/json']: { schema: schema instanceof z.ZodType ? schema : answerSchema(schema) },
      },
    },
  };
  // Reads of a match answer 304 to If-None-Match when nothing changed (app.ts: etag).
  const cacheable = spec.method === 'get' && spec.path.startsWith('/api/matches/{id}');
  if (cacheable) responses[304] = { description: 'Not modified: what the caller holds (its ETag) is still the answer' };
  for (const status of refusals) {
    responses[status] = { description: REFUSAL_DESCRIPTION[status], content: { 'application/json': { schema: errorBody } } };
  }
  return createRoute({
    method: spec.method,
    path: spec.path,
    summary: spec.summary,
    // Two bearer schemes, so a reader of the document knows whose token a route takes.
    ...(spec.auth !== 'none' ? { security: [{ [spec.auth === 'gm' ? 'gmToken' : 'playerToken']: [] }] } : {}),
    request: {
      ...(names.length ? { params: z.object(Object.fromEntries(names.map((n) => [n, z.string()]))) } : {}),
      ...(spec.query ? { query: spec.query } : {}),
      ...(spec.body ? { body: bodyDoc(spec.body) } : {}),
    },
    responses,
  });
}

/** A success answer the service's return type declares: documented as what it is, typed exactly. */
export interface AnswerDoc<T> {
  description: string;
  type: 'object' | 'array';
  /** The answer's type (never set: for the route's types only). */
  shape?: T;
}

export const answer = <T>(description: string, type: 'object' | 'array' = 'object'): AnswerDoc<T> => ({ description, type });

const answerSchema = ({ description, type }: AnswerDoc<unknown>) => z.custom(() => true).openapi({ type, description });

/** The caller each kind of route gets, resolved by `mount` before its handler runs. */
export interface Callers {
  none: undefined;
  gm: Loaded;
  player: Caller & { playerId: string };
  seat: { matchId: string; token: string };
}

/** How the API resolves each kind of caller (functions/api/auth.ts); set once per app with `authenticate`. */
export type CallerResolvers = { [A in Exclude<Auth, 'none'>]: (c: Context, matchId: string) => Promise<Callers[A]> };

const resolvers = new WeakMap<ApiApp, CallerResolvers>();
export function authenticate(app: ApiApp, resolve: CallerResolvers): void {
  resolvers.set(app, resolve);
}

/** The route's caller, and its request parsed with its own schemas when the handler asks (after the caller is known). */
export interface Input<R extends Route> {
  caller: Callers[R['auth']];
  body(): Promise<R['body'] extends z.ZodType ? z.output<R['body']> : undefined>;
  query(): R['query'] extends z.ZodObject ? z.output<R['query']> : undefined;
}

type ParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}` ? N | ParamNames<Rest> : never;
/** The Hono path a route is registered under: `{id}` becomes `:id`. */
export type RoutingPath<P extends string> = P extends `${infer A}{${infer N}}${infer Rest}` ? `${A}:${N}${RoutingPath<Rest>}` : P;
export type ParamsOf<P extends string> = { [K in ParamNames<P>]: string };

/** The routes mounted on an app and not yet in its OpenAPI registry (openapi.ts registers them). */
const pending = new WeakMap<ApiApp, Route[]>();
export function undocumented(app: ApiApp): Route[] {
  let routes = pending.get(app);
  if (!routes) pending.set(app, (routes = []));
  return routes;
}

/**
 * Registers a route on the app, and for its OpenAPI document, from its one definition. The caller the
 * route declares is resolved first (a 401 or 403 before anything else is read); the handler then reads
 * the body when it asks (`input.body()`), so an unauthenticated request's body is never looked at.
 */
export function mount<R extends Route>(
  app: ApiApp,
  r: R,
  handler: (c: Context<any, RoutingPath<R['path']>>, input: Input<R>) => Response | Promise<Response>,
): void {
  undocumented(app).push(r);
  app.on(r.method.toUpperCase(), r.routingPath, async (c) => {
    let caller: Callers[Auth] = undefined;
    if (r.auth !== 'none') {
      const resolve = resolvers.get(app);
      if (!resolve) throw new Error(`${r.path}: authenticate(app, …) was not called before mount`);
      caller = await resolve[r.auth](c, c.req.param('id') ?? '');
    }
    return handler(c as Context<any, RoutingPath<R['path']>>, {
      caller: caller as Input<R>['caller'],
      body: (async () => (r.body ? readJson(c, r.body) : undefined)) as Input<R>['body'],
      query: (() => (r.query ? readQuery(c, r.query) : undefined)) as Input<R>['query'],
    });
  });
}
