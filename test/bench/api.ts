// Action submission through the local HTTP API (loopback) against DynamoDB Local, next to the bare
// DynamoDB transaction the submission performs (the store's writeSlots: META, the seat and the slots
// checked, the slot and its events written), both measured in the same run, interleaved; and the
// HTTP round trip of a request the API refuses at its schema, before any store call (the floor).
// Requests go through node:http on a keep-alive agent (http-send.ts), not fetch.
import { findRuleset } from '../rulesets.js';
import { submitAction } from '../../engine/core/match.js';
import type { AvailableAction, PendingAction } from '../../engine/core/types.js';
import { DynamoStore } from '../../functions/adapters/aws/dynamo-store.js';
import { localClient } from '../../functions/local/dynamodb-local.js';
import type { LocalStack } from '../../functions/local/stack.js';
import { withReaders } from '../../engine/core/events.js';
import { seqPrefix } from '../../engine/core/origin.js';
import type { OwnSlots } from '../../functions/records.js';
import { slotsAfter } from '../../functions/slots.js';
import { hashToken } from '../../functions/service/tokens.js';
import { client } from '../setup/stack.js';
import { keepAliveSend } from './http-send.js';
import { now, round, saturate, summarize, type Summary } from './measure.js';

export interface ApiResult {
  ruleset: string;
  players: number;
  action: string;
  sequential: { api: Summary; bare: Summary };
  concurrent: { concurrency: number; api: { perSecond: number; latency: Summary }; bare: { perSecond: number; latency: Summary } };
  /** api p50 / bare p50, sequential: what the API adds to the one transaction it must make. */
  overheadRatio: number;
  overheadRatioP99: number;
  throughputRatio: number;
  /** DynamoDB calls one API submission makes, by command (what bounds the ratio from below). */
  dynamoCallsPerSubmission: Record<string, number>;
  /** The reads a cold submission makes (the first in a process, or after a stale cache), each measured alone. */
  reads: { getMeta: Summary; getPlayer: Summary; readOwnSlots: Summary };
  /** What a cold submission's reads would cost: (the slower of the two parallel GetItems + the slots' BatchGet + the transaction) / the transaction. */
  readFloorRatio: number;
  /** A request refused at its schema (400, no store call) over the same loopback: HTTP, routing, middleware. */
  httpFloor: Summary;
  /** (HTTP floor + bare transaction) / bare transaction: the ratio an API that did nothing but its one transaction would reach. */
  httpFloorRatio: number;
}

export async function benchApi(
  stack: LocalStack,
  tableName: string,
  options: { rounds: number; perRound: number; concurrency: number; concurrentMs: number },
  log: (s: string) => void,
): Promise<ApiResult> {
  const api = client(stack.url, keepAliveSend);
  const players = 24;
  const created = await api.post('/api/matches', { ruleset: 'killgame', name: 'Bench', settings: { 'max-players': players } });
  const { matchId, gmToken } = created.body as { matchId: string; gmToken: string };
  const tokens: Array<{ id: string; token: string }> = [];
  for (let i = 0; i < players; i++) {
    const joined = await api.post(`/api/matches/${matchId}/players`, { name: `Bench ${i + 1}` });
    tokens.push({ id: joined.body.playerId, token: joined.body.token });
  }
  const started = await api.post(`/api/matches/${matchId}/start`, {}, gmToken);
  if (started.status !== 200) throw new Error(`bench match did not start: ${JSON.stringify(started.body)}`);
  const phase = started.body.phase as string;

  // What each player may submit: the first action with a zone to choose (a start position, a move).
  const offered = (await api.get(`/api/matches/${matchId}/me/actions`, tokens[0]!.token)).body.actions as AvailableAction[];
  const chosen = offered.find((a) => Object.values(a.fields).some((f) => f.kind === 'zone'))!;
  const field = Object.entries(chosen.fields).find(([, f]) => f.kind === 'zone')!;
  const zones = (field[1] as { options: string[] }).options;
  const body = (i: number) => ({ type: chosen.type, [field[0]]: zones[i % zones.length]! });

  // The bare transaction: exactly what the API's write sends (writeSlots: META, the seat and the
  // player's slots checked, the slot and its events written), for the other half of the players, so
  // that neither moves the other's slot versions.
  const ruleset = findRuleset('killgame')!;
  const state = await stack.ports.store.getState(matchId, phase);
  const meta = (await stack.ports.store.getMeta(matchId))!;
  const bareStore = new DynamoStore({ client: localClient(stack.dynamoEndpoint), tableName });
  const gate = { status: 'running' as const, open: true, checked: false };
  const half = players / 2;
  const bareSeats = tokens.slice(0, half);
  const apiSeats = tokens.slice(half);
  const owned = new Map<string, OwnSlots[]>(bareSeats.map((t) => [t.id, [{ owner: t.id, version: 0, actions: [] }]]));
  const prepared = bareSeats.map((t, p) =>
    zones.slice(0, 4).map((_, z) => {
      const verdict = submitAction(ruleset, gate, state, [], t.id, body(z + p), 1);
      if (!verdict.ok) throw new Error(`bench action refused: ${verdict.reason}`);
      return {
        seat: t,
        stored: verdict.stored,
        events: withReaders(verdict.events, ruleset.channels(state), phase, { kind: 'submission', at: Date.now(), salt: 'be0c00' }),
      };
    }),
  );
  /**
   * The seat a call uses: sequential calls cycle through all of them; concurrent workers each keep to
   * their own seats (seat ≡ worker mod concurrency), so no two calls in flight write one player's slots.
   */
  const seatOf = (seats: number, worker: number, i: number) => {
    if (worker < 0) return i % seats;
    const mine = Math.ceil((seats - worker) / options.concurrency);
    return worker + options.concurrency * (i % mine);
  };
  const bare = async (i: number, worker = -1) => {
    const seat = seatOf(bareSeats.length, worker, i);
    const { stored, events } = prepared[seat]![Math.floor(i / bareSeats.length) % 4]!;
    const id = bareSeats[seat]!.id;
    const action: PendingAction = { ...stored, seq: Date.now() * 1000 + (i % 1000) };
    const slots = owned.get(id)!;
    const changes = [
      { owner: action.owner, slot: action.slot, stored: action, order: seqPrefix({ kind: 'submission', at: Date.now(), salt: 'be0c00' }) },
    ];
    await bareStore.writeSlots({
      matchId,
      phase,
      player: id,
      now: Date.now(),
      read: { metaVersion: meta.version, tokenHash: hashToken(bareSeats[seat]!.token), slots },
      changes,
      events,
    });
    owned.set(id, slotsAfter(slots, changes));
  };
  const viaApi = async (i: number, worker = -1) => {
    const t = apiSeats[seatOf(apiSeats.length, worker, i)]!;
    const r = await api.post(`/api/matches/${matchId}/me/actions`, body(i), t.token);
    if (r.status !== 201) throw new Error(`bench submission refused: ${JSON.stringify(r.body)}`);
  };

  // Count the DynamoDB calls of API submissions on the stack's own client.
  const storeClient = (stack.ports.store as unknown as { options: { client: ReturnType<typeof localClient> } }).options.client;
  const calls: Record<string, number> = {};
  let counting = false;
  storeClient.middlewareStack.add(
    (next: any, context: any) => async (args: any) => {
      if (counting) calls[context.commandName] = (calls[context.commandName] ?? 0) + 1;
      return next(args);
    },
    { step: 'initialize', name: 'duskBenchCount', override: true },
  );

  // Warm-up, then interleaved rounds so that both see the same machine.
  for (let i = 0; i < 40; i++) {
    await bare(i);
    await viaApi(i);
  }
  const seqApi: number[] = [];
  const seqBare: number[] = [];
  const getMeta: number[] = [];
  const getPlayer: number[] = [];
  const readSlots: number[] = [];
  const floor: number[] = [];
  let counted = 0;
  for (let round = 0; round < options.rounds; round++) {
    for (let i = 0; i < options.perRound; i++) {
      let t = now();
      await bareStore.getMeta(matchId);
      getMeta.push(now() - t);
      t = now();
      await bareStore.getPlayer(matchId, apiSeats[i % apiSeats.length]!.id);
      getPlayer.push(now() - t);
      t = now();
      await bareStore.readOwnSlots(matchId, phase, [apiSeats[i % apiSeats.length]!.id], meta.version);
      readSlots.push(now() - t);
      t = now();
      const refused = await api.post(`/api/matches/${matchId}/me/actions`, { type: 42 }, apiSeats[i % apiSeats.length]!.token);
      floor.push(now() - t);
      if (refused.status !== 400) throw new Error(`bench floor request: ${refused.status}`);
      t = now();
      await bare(round * options.perRound + i);
      seqBare.push(now() - t);
      counting = true;
      t = now();
      await viaApi(round * options.perRound + i);
      seqApi.push(now() - t);
      counting = false;
      counted++;
    }
  }
  const perSubmission = Object.fromEntries(Object.entries(calls).map(([k, v]) => [k.replace(/Command$/, ''), round(v / counted, 2)]));
  log(
    `api: sequential p50 ${summarize(seqApi).p50} ms vs bare ${summarize(seqBare).p50} ms; calls per submission ${JSON.stringify(perSubmission)}`,
  );

  const concBare = await saturate((w, i) => bare(i, w), options.concurrency, options.concurrentMs);
  const concApi = await saturate((w, i) => viaApi(i, w), options.concurrency, options.concurrentMs);
  log(`api: ${options.concurrency} concurrent: ${concApi.perSecond}/s vs bare ${concBare.perSecond}/s`);
  const a = summarize(seqApi);
  const b = summarize(seqBare);
  const r = { getMeta: summarize(getMeta), getPlayer: summarize(getPlayer), readOwnSlots: summarize(readSlots) };
  const f = summarize(floor);
  return {
    ruleset: 'killgame',
    players,
    action: chosen.type,
    sequential: { api: a, bare: b },
    concurrent: { concurrency: options.concurrency, api: concApi, bare: concBare },
    overheadRatio: round(a.p50 / b.p50),
    overheadRatioP99: round(a.p99 / b.p99),
    throughputRatio: round(concBare.perSecond / concApi.perSecond),
    dynamoCallsPerSubmission: perSubmission,
    reads: r,
    readFloorRatio: round((Math.max(r.getMeta.p50, r.getPlayer.p50) + r.readOwnSlots.p50 + b.p50) / b.p50),
    httpFloor: f,
    httpFloorRatio: round((f.p50 + b.p50) / b.p50),
  };
}
