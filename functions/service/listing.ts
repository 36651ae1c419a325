// The public list of matches, page by page behind a cursor: lobbies first, then running, paused and
// ended matches. Lobbies someone joined come first, then empty ones within their creator's allowance,
// then the rest, newest first in each (issue 41: a flood of creates cannot bury a group's lobby).
// Imported and private matches are never listed (decision 9, issue 44), and a lobby that never
// started leaves the list when its lifetime is over (hours when nobody joined it, days otherwise).
import * as z from 'zod';
import { MATCH_STATUSES as STATUSES, type MatchStatus } from '../../engine/core/match.js';
import type { Ports } from '../ports.js';
import { seatedIn, type MatchMeta } from '../records.js';
import { ForeignPageKey } from '../store-errors.js';
import { sealText, unsealText } from './cursor-seal.js';
import { refusal } from './errors.js';

export const PAGE_SIZE = 50;
export const DEFAULT_LOBBY_LIFETIME_MS = 7 * 86_400_000;
/** Issue 41: a listed lobby nobody has joined leaves the list, and refuses joins, this long after its creation. */
export const DEFAULT_EMPTY_LOBBY_LIFETIME_MS = 6 * 3_600_000;
/** Store reads one page may make (a read may come back short: filtered items still count). */
const MAX_READS = 8;

const storeKey = z.record(z.string().max(16), z.string().max(300)).refine((k) => Object.keys(k).length <= 4);
const cursorShape = z
  .object({
    s: z
      .number()
      .int()
      .min(0)
      .max(STATUSES.length - 1),
    k: storeKey.optional(),
  })
  .strict();
type Cursor = z.infer<typeof cursorShape>;

/**
 * The cursor is sealed (issue 13): its place in the index holds the creation time and id of the
 * next match, listed or not, which the reader must not read out of it. Padded to one width, so its
 * length says nothing either. The scope has a `#`, which no match id has.
 */
const SCOPE = 'list#matches';
const WIDTH = 480;
const encode = (key: Uint8Array, c: Cursor) => sealText(key, SCOPE, JSON.stringify(c).padEnd(WIDTH, ' '));

const bad = () => refusal('invalid-cursor', 'That cursor is not one this list gave.');

function decode(key: Uint8Array, text: string | undefined): Cursor {
  if (text === undefined || text === '') return { s: 0 };
  const plain = text.length > 1000 ? null : unsealText(key, SCOPE, text);
  if (plain === null) throw bad();
  let parsed: z.ZodSafeParseResult<Cursor>;
  try {
    parsed = cursorShape.safeParse(JSON.parse(plain));
  } catch {
    throw bad();
  }
  if (!parsed.success) throw bad();
  return parsed.data;
}

/** Lobbies created before this instant have expired: out of the lists, closed to joins, soon gone by TTL. */
export const lobbyCutoff = (ports: Ports) => ports.clock.now() - (ports.lobbyLifetimeMs ?? DEFAULT_LOBBY_LIFETIME_MS);

/** How long a lobby nobody has joined is listed: never longer than any lobby. */
export const emptyLobbyLifetime = (ports: Ports) =>
  Math.min(ports.emptyLobbyLifetimeMs ?? DEFAULT_EMPTY_LOBBY_LIFETIME_MS, ports.lobbyLifetimeMs ?? DEFAULT_LOBBY_LIFETIME_MS);
/** Empty lobbies created before this instant have expired as well. */
export const emptyLobbyCutoff = (ports: Ports) => ports.clock.now() - emptyLobbyLifetime(ports);

/** Whether a lobby has expired: past its lifetime, or past the shorter one while nobody has joined it. */
export const lobbyExpired = (ports: Ports, meta: MatchMeta) =>
  meta.createdAt < lobbyCutoff(ports) || (seatedIn(meta) === 0 && meta.createdAt < emptyLobbyCutoff(ports));

/** What a list shows of a match: never more than its public summary. */
export interface ListEntry {
  id: string;
  name: string;
  ruleset: string;
  status: MatchStatus;
  phase: string | null;
  deadline: number | null;
  sandbox: boolean;
  createdAt: number;
  players: number;
}

export interface ListPage {
  matches: ListEntry[];
  /** The cursor of the next page, null on the last. */
  next: string | null;
}

async function entry(ports: Ports, m: MatchMeta): Promise<ListEntry> {
  // META counts its seats (joins less lobby removals; the start, a substitute or a rollback keep them): a
  // page is one read, not one more per match. A match from before that count reads its players.
  const players = m.seated ?? (await ports.store.listPlayers(m.id)).length;
  return {
    id: m.id,
    name: m.name,
    ruleset: m.ruleset,
    status: m.status,
    phase: m.phase,
    deadline: m.status === 'paused' ? null : m.deadline,
    sandbox: m.sandbox,
    createdAt: m.createdAt,
    players,
  };
}

/** One page of the public list, from a cursor the previous page gave (none: the first page). */
export async function listPage(ports: Ports, cursor?: string, size = PAGE_SIZE): Promise<ListPage> {
  const key = await ports.store.cursorKey();
  let { s, k } = decode(key, cursor);
  const since = lobbyCutoff(ports);
  const found: MatchMeta[] = [];
  for (let reads = 0; s < STATUSES.length && found.length < size && reads < MAX_READS; reads++) {
    const status = STATUSES[s]!;
    const page = await ports.store
      .listMatchPage(status, {
        limit: size - found.length,
        ...(k ? { after: k } : {}),
        ...(status === 'lobby' ? { createdSince: since, emptySince: emptyLobbyCutoff(ports) } : {}),
      })
      .catch((error: unknown) => {
        throw error instanceof ForeignPageKey ? bad() : error;
      });
    found.push(...page.matches);
    if (page.after) k = page.after;
    else {
      s++;
      k = undefined;
    }
  }
  const matches = await Promise.all(found.map((m) => entry(ports, m)));
  return { matches, next: s < STATUSES.length ? encode(key, { s, ...(k ? { k } : {}) }) : null };
}
