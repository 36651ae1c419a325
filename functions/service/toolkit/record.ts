// A match's full record as one JSON document (export), and its schema (import): no token, no hash, no webhook.
import { createHash } from 'node:crypto';
import * as z from 'zod';
import { withOrigin, type LegacyStoredEvent, type StoredEvent } from '../../../engine/core/events.js';
import { kebabId } from '../../../engine/core/ids.js';
import { MATCH_STATUSES } from '../../../engine/core/match.js';
import { DICE_MODES } from '../../../engine/core/rng.js';
import type { PendingAction } from '../../../engine/core/types.js';
import type { Ports } from '../../ports.js';
import type { Loaded } from '../context.js';
import { matchIdentity } from '../match-identity.js';

export const RECORD_FORMAT = 'dusk-match/1';
const MAX_SEATS = 2000;
const MAX_PHASES = 2000;

const id = kebabId;
const name = z.string().min(1).max(80);
const json = z.record(z.string().max(64), z.unknown());
const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

const origin = z
  .object({
    kind: z.enum(['start', 'opening', 'close', 'notice', 'submission', 'removal', 'substitution', 'forced-end']),
    at: z.number().int().min(0).optional(),
    salt: z
      .string()
      .regex(/^[0-9a-f]{6}$/)
      .optional(),
    player: id.optional(),
  })
  .strict();

/**
 * A record's event. One exported before origins were written gets the origin its seq says; one whose seq
 * no step writes stays without, and the replay finds no step that makes it (an import mismatch).
 */
const storedEvent = z
  .object({
    phase: id,
    seq: z.string().min(7).max(200),
    origin: origin.optional(),
    event: z.looseObject({ kind: id, to: z.string().max(64) }),
    readers: z.array(z.string().max(64)).max(MAX_SEATS).optional(),
    audience: z.array(z.string().max(64)).max(MAX_SEATS).optional(),
  })
  .strict()
  .transform((e) => (withOrigin(e as LegacyStoredEvent) ?? e) as StoredEvent);

const pendingAction = z
  .object({
    player: id,
    owner: id,
    slot: id,
    action: z.looseObject({ type: id }),
    seq: z.number().int().min(0),
    auto: z.boolean().optional(),
  })
  .strict();

export const matchRecord = z
  .object({
    format: z.literal(RECORD_FORMAT),
    match: z
      .object({
        id,
        name,
        ruleset: id,
        sandbox: z.boolean(),
        status: z.enum(MATCH_STATUSES),
        phase: id.nullable(),
        winner: z.string().max(64).nullable(),
        settings: json,
        seed: z.string().max(200).nullable(),
        dice: z.enum(DICE_MODES),
        history: z.array(id).max(MAX_PHASES),
        deadline: z.number().nullable(),
        remainingMs: z.number().nullable(),
        createdAt: z.number(),
      })
      .strict(),
    /** What setup received: null before the start. */
    start: z
      .object({
        settings: json,
        setup: json,
        players: z.array(z.object({ id, name, options: json, fixed: json }).strict()).max(MAX_SEATS),
      })
      .strict()
      .nullable(),
    players: z.array(z.object({ id, name, seat: z.number().int().min(0), options: json }).strict()).max(MAX_SEATS),
    noShows: z.record(id, z.array(id).max(MAX_PHASES)),
    /** Per phase of the history: its final actions, every event, and the hash of its state (as it closed). */
    phases: z
      .array(
        z
          .object({
            phase: id,
            actions: z.array(pendingAction).max(100_000),
            events: z.array(storedEvent).max(1_000_000),
            state: sha256.nullable(),
          })
          .strict(),
      )
      .max(MAX_PHASES),
    final: z.object({ state: sha256.nullable() }).strict().nullable(),
  })
  .strict();

export type MatchRecord = z.infer<typeof matchRecord>;
export type PhaseRecord = MatchRecord['phases'][number];

/** The hash of a state's stored bytes (its JSON); two states with the same hash have the same bytes. */
export function stateHash(state: unknown): string {
  return createHash('sha256').update(JSON.stringify(state)).digest('hex');
}

/** The phases a record holds: the history (a match that ended at its setup keeps its events under `start`). */
export function recordPhases(history: string[], status: string): string[] {
  return history.length > 0 ? history : status === 'ended' ? ['start'] : [];
}

/** Builds the record from what the store holds (GM only: it carries the seed and every private event). */
export async function buildRecord(ports: Ports, loaded: Loaded): Promise<MatchRecord> {
  const { meta } = loaded;
  const players = await ports.store.listPlayers(meta.id);
  const phases = recordPhases(meta.history, meta.status);
  const events = await ports.store.listEvents(meta.id, phases);
  const hashOf = async (key: string) => {
    const recorded = meta.recorded?.[key];
    if (recorded !== undefined) return recorded;
    const state = await ports.store.getState(meta.id, key);
    return state === null ? null : stateHash(state);
  };
  const given = JSON.parse(meta.start?.sandbox ?? '{}') as {
    players?: Record<string, Record<string, unknown>>;
    setup?: Record<string, unknown>;
  };
  const byPhase = new Map<string, StoredEvent[]>();
  for (const e of events) byPhase.set(e.phase, [...(byPhase.get(e.phase) ?? []), e]);
  const phaseRecords = await Promise.all(
    phases.map(async (phase) => ({
      phase,
      actions: (await ports.store.listPending(meta.id, phase)).map(cleanAction),
      events: byPhase.get(phase) ?? [],
      state: await hashOf(phase),
    })),
  );
  return {
    format: RECORD_FORMAT,
    match: {
      ...matchIdentity(meta),
      winner: meta.winner,
      settings: meta.settings,
      seed: meta.seed,
      dice: meta.dice,
      history: meta.history,
      deadline: meta.deadline,
      remainingMs: meta.remainingMs,
      createdAt: meta.createdAt,
    },
    start:
      meta.status === 'lobby'
        ? null
        : {
            settings: meta.start?.settings ?? meta.settings,
            setup: given.setup ?? {},
            players: players.map((p) => ({
              id: p.id,
              name: p.startName ?? p.name,
              options: p.options,
              fixed: given.players?.[p.id] ?? {},
            })),
          },
    players: players.map((p) => ({ id: p.id, name: p.name, seat: p.seat, options: p.options })),
    noShows: meta.noShows ?? {},
    phases: phaseRecords,
    final: meta.status === 'ended' ? { state: await hashOf('final') } : null,
  };
}

/** Only the fields of a pending action (a stored item may carry others). */
function cleanAction(a: PendingAction): PendingAction {
  return { player: a.player, owner: a.owner, slot: a.slot, action: a.action, seq: a.seq, ...(a.auto ? { auto: true } : {}) };
}
