// The API's requests and answers as the page's client sees them, derived from the route definitions
// (functions/api/routes.ts). Types only: nothing of the server reaches the page's bundle.
import type * as z from 'zod';
import type { ParamsOf } from '../../functions/api/contract.js';
import type { Routes } from '../../functions/api/routes.js';

type AnyRoute = Routes[keyof Routes];
export type Verb = Uppercase<AnyRoute['method']>;
/** The paths (`/api/matches/{id}/me`) a method may be sent to. */
export type PathOf<M extends Verb> = Extract<AnyRoute, { method: Lowercase<M> }>['path'];
type RouteAt<M extends Verb, P extends string> = Extract<AnyRoute, { method: Lowercase<M>; path: P }>;

type Params<P extends string> = [keyof ParamsOf<P>] extends [never] ? { params?: undefined } : { params: ParamsOf<P> };
type Body<R> = R extends { body: infer B extends z.ZodType } ? { body: z.input<B> } : { body?: undefined };
type Query<R> = R extends { query: infer Q extends z.ZodObject } ? { query?: z.input<Q> } : { query?: undefined };

/** What a call names: the path's parameters, the body and the query its route takes, and whose token. */
export type RequestOf<M extends Verb, P extends string> = Params<P> & Body<RouteAt<M, P>> & Query<RouteAt<M, P>> & { token?: string };
/** What the route answers with on success. */
export type AnswerOf<M extends Verb, P extends string> = Exclude<RouteAt<M, P>['answer'], undefined>;

type UnknownKeys<X> = { [K in keyof X]-?: unknown extends X[K] ? K : never }[keyof X];
/**
 * Whether a page type `T` (web/src/types.ts) reads answer `X`: `X` fits `T`, except what the contract
 * leaves open (a ruleset's view or board, `unknown` there), which the page shapes itself. Unknown when
 * it does, else a property no value has, so that the call does not compile.
 */
export type ReadCheck<X, T> = X extends object
  ? Omit<X, UnknownKeys<X>> extends Omit<T, UnknownKeys<X>>
    ? unknown
    : { 'the page type does not fit the answer': never }
  : unknown;
