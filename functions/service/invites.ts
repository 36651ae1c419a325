// Private lobbies (issue 44): a match created unlisted is joined only with its invitation code, which
// the GM reads in his console and on the create answer. The code is derived from the match id with the
// store's secret key (nothing more is stored), and a join without it is answered exactly as a join to a
// match that does not exist, so that a private lobby's existence does not leak.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Ports } from '../ports.js';
import type { MatchMeta } from '../records.js';
import { notFound } from './errors.js';

const SCOPE = 'invite#';

/** The invitation code of a match: 22 URL-safe characters. */
export async function inviteCode(ports: Ports, matchId: string): Promise<string> {
  const key = await ports.store.cursorKey();
  return createHmac('sha256', key).update(`${SCOPE}${matchId}`).digest().subarray(0, 16).toString('base64url');
}

/** The code a private lobby's GM shares; none for a listed match. */
export async function inviteOf(ports: Ports, meta: MatchMeta): Promise<string | undefined> {
  return meta.unlisted ? inviteCode(ports, meta.id) : undefined;
}

/** Refuses a join to a private match without its code, with the answer a missing match gets. */
export async function checkInvite(ports: Ports, meta: MatchMeta, given: string | undefined): Promise<void> {
  if (!meta.unlisted) return;
  const expected = Buffer.from(await inviteCode(ports, meta.id));
  const sent = Buffer.from(given ?? '');
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) throw notFound('Match');
}
