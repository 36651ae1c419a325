// Cursors are sealed: a reader holds a token for a place in the log but cannot read the place out of it,
// so the distance between two of his cursors never counts the writes he may not see (decision 6: no
// counts through any channel). Deterministic (synthetic IV), so an unchanged view keeps its ETag.
import { createCipheriv, createDecipheriv, createHmac } from 'node:crypto';
import type { LogPosition } from '../records.js';

export interface Place {
  epoch: number;
  at: LogPosition;
}

const subKey = (key: Uint8Array, use: string) => createHmac('sha256', key).update(use).digest();

/** Fixed-width digits: a token's length never tells how far into the log (how many writes) its place lies. */
const digits = (value: number, width: number) => String(value).padStart(width, '0');

export function seal(key: Uint8Array, matchId: string, place: Place): string {
  return sealText(key, matchId, `${digits(place.epoch, 9)}.${digits(place.at.n, 15)}.${digits(place.at.k, 4)}`);
}

/** The place a token names, or null when it is not one this match's cursors gave. */
export function unseal(key: Uint8Array, matchId: string, token: string): Place | null {
  if (token.length > 120) return null;
  const plain = unsealText(key, matchId, token);
  const m = plain === null ? null : /^(\d{1,9})\.(\d{1,15})\.(\d{1,4})$/.exec(plain);
  return m ? { epoch: Number(m[1]), at: { n: Number(m[2]), k: Number(m[3]) } } : null;
}

/**
 * Any short text sealed to a scope (a match id, or the public list): unreadable, unforgeable, and
 * deterministic (synthetic IV). The caller pads it when its length could tell something.
 */
export function sealText(key: Uint8Array, scope: string, text: string): string {
  const plain = Buffer.from(text);
  const iv = createHmac('sha256', subKey(key, 'iv')).update(scope).update('\0').update(plain).digest().subarray(0, 12);
  const cipher = createCipheriv('aes-256-gcm', subKey(key, 'enc'), iv);
  cipher.setAAD(Buffer.from(scope));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** The text a token seals for this scope, or null when it is not one sealed for it. */
export function unsealText(key: Uint8Array, scope: string, token: string): string | null {
  if (!/^[A-Za-z0-9_-]{40,2000}$/.test(token)) return null;
  const raw = Buffer.from(token, 'base64url');
  if (raw.length < 12 + 16 + 1) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', subKey(key, 'enc'), raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(scope));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString();
  } catch {
    return null;
  }
}
