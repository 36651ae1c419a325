// Bearer tokens: long random secrets, handed out once and stored only as hashes.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const GM = 'gm';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function secret(): string {
  return randomBytes(32).toString('base64url');
}

/** A player's token names his seat, so the API finds the record to compare the hash with. */
export function newPlayerToken(playerId: string): string {
  return `${playerId}.${secret()}`;
}

export function newGmToken(): string {
  return `${GM}.${secret()}`;
}

export type TokenClaim = { kind: 'gm' } | { kind: 'player'; playerId: string };

/** What a token claims to be (not yet verified: compare its hash with the stored one). */
export function readToken(token: string): TokenClaim | null {
  if (token.length < 40 || token.length > 200) return null;
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  const head = token.slice(0, dot);
  if (!/^[a-z0-9][a-z0-9-]{0,63}$/.test(head)) return null;
  return head === GM ? { kind: 'gm' } : { kind: 'player', playerId: head };
}

export function sameHash(token: string, storedHash: string): boolean {
  const a = Buffer.from(hashToken(token), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function newMatchId(): string {
  return randomBytes(9)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x');
}

export function newSeed(): string {
  return randomBytes(16).toString('hex');
}

/** Two stored hashes (a seat's proof kept by a front end against the seat's record), in constant time. */
export function sameStoredHash(given: string, storedHash: string): boolean {
  const a = Buffer.from(given, 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}
