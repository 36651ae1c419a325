// Cursors are sealed: a reader holds a token for a place in the log but cannot read the place out of it,
// so the distance between two of his cursors never counts the writes he may not see (decision 6: no
// counts through any channel). Deterministic (synthetic IV), so an unchanged view keeps its ETag.
import { createCipheriv, createDecipheriv, createHmac } from 'node:crypto';
import type { LogPosition } from '../ports.js';

export interface Place {
  epoch: number;
  at: LogPosition;
}

const subKey = (key: Uint8Array, use: string) => createHmac('sha256', key).update(use).digest();

/** Fixed-width digits: a token's length never tells how far into the log (how many writes) its place lies. */
const digits = (value: number, width: number) => String(value).padStart(width, '0');

export function seal(key: Uint8Array, matchId: string, place: Place): string {
  const plain = Buffer.from(`${digits(place.epoch, 9)}.${digits(place.at.n, 15)}.${digits(place.at.k, 4)}`);
  const iv = createHmac('sha256', subKey(key, 'iv')).update(matchId).update('\0').update(plain).digest().subarray(0, 12);
  const cipher = createCipheriv('aes-256-gcm', subKey(key, 'enc'), iv);
  cipher.setAAD(Buffer.from(matchId));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** The place a token names, or null when it is not one this match's cursors gave. */
export function unseal(key: Uint8Array, matchId: string, token: string): Place | null {
  if (!/^[A-Za-z0-9_-]{40,120}$/.test(token)) return null;
  const raw = Buffer.from(token, 'base64url');
  if (raw.length < 12 + 16 + 5) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', subKey(key, 'enc'), raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(matchId));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    const plain = Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString();
    const m = /^(\d{1,9})\.(\d{1,15})\.(\d{1,4})$/.exec(plain);
    return m ? { epoch: Number(m[1]), at: { n: Number(m[2]), k: Number(m[3]) } } : null;
  } catch {
    return null;
  }
}
