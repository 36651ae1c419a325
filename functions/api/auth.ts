// Who is calling: the match's GM or one of its players, proven by a bearer token compared by hash.
import type { Context } from 'hono';
import type { Ports } from '../ports.js';
import type { CallerResolvers } from './contract.js';
import { badToken, findPlayerCaller, type Caller } from '../service/callers.js';
import { loadMeta, type Loaded } from '../service/context.js';
import { refusal } from '../service/errors.js';
import { readToken, sameHash } from '../service/tokens.js';

/** The bearer token, which the write path verifies itself (functions/service/submission.ts). */
export function bearer(c: Context): string {
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw refusal('unauthorized', 'A bearer token is required.');
  return match[1]!;
}

async function asGm(ports: Ports, c: Context, matchId: string): Promise<Loaded> {
  const token = bearer(c);
  const loaded = await loadMeta(ports, matchId);
  const claim = readToken(token);
  if (claim?.kind === 'gm' && sameHash(token, loaded.meta.gmTokenHash)) return loaded;
  if (claim?.kind === 'player') {
    const player = await ports.store.getPlayer(matchId, claim.playerId);
    if (player && sameHash(token, player.tokenHash)) throw refusal('gm-only', 'Only the match GM may do this.');
  }
  throw badToken();
}

/** The calling player, found with his match in one round trip; the same answer for "no such player" and "not yours". */
async function asPlayer(ports: Ports, c: Context, matchId: string): Promise<Caller & { playerId: string }> {
  const caller = await findPlayerCaller(ports, matchId, bearer(c));
  return { ...caller, playerId: caller.player.id };
}

/** How this API resolves each kind of caller a route declares (contract.ts `authenticate`). */
export function callerResolvers(ports: Ports): CallerResolvers {
  return {
    gm: (c, matchId) => asGm(ports, c, matchId),
    player: (c, matchId) => asPlayer(ports, c, matchId),
    seat: async (c, matchId) => ({ matchId, token: bearer(c) }),
  };
}
