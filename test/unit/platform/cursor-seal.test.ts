// Sealed cursors (functions/service/cursor-seal.ts; decision 6: no counts through any channel). A reader
// holds a token for a place in the match's log but cannot read the place out of it, forge one, carry it to
// another match, or tell from its length how many writes lie before it. Deterministic, so an unchanged
// view keeps its ETag.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seal, sealText, unseal, unsealText, type Place } from '../../../functions/service/cursor-seal.js';

const key = randomBytes(32);
const place = (epoch: number, n: number, k: number): Place => ({ epoch, at: { n, k } });

describe('sealed cursors', () => {
  it('decision 6 a cursor opens to its place, for its own match and key only', () => {
    const token = seal(key, 'm1', place(2, 41, 3));
    expect(unseal(key, 'm1', token)).toEqual(place(2, 41, 3));
    expect(unseal(key, 'm2', token)).toBeNull();
    expect(unseal(randomBytes(32), 'm1', token)).toBeNull();
  });

  it('decision 6 the same place seals to the same token (an unchanged view keeps its ETag), another place to another', () => {
    expect(seal(key, 'm1', place(0, 7, 0))).toBe(seal(key, 'm1', place(0, 7, 0)));
    expect(seal(key, 'm1', place(0, 7, 0))).not.toBe(seal(key, 'm1', place(0, 7, 1)));
    expect(seal(key, 'm1', place(0, 7, 0))).not.toBe(seal(key, 'm2', place(0, 7, 0)));
  });

  it('decision 6 every cursor has one length, whether the log holds one write or a hundred trillion', () => {
    const lengths = new Set(
      [place(0, 0, 0), place(0, 1, 0), place(3, 99_999, 12), place(999_999_999, 999_999_999_999_999, 9_999)].map(
        (p) => seal(key, 'm1', p).length,
      ),
    );
    expect(lengths.size).toBe(1);
    expect([...lengths][0]).toBeLessThanOrEqual(120);
  });

  it('decision 6 a tampered, truncated, padded or foreign token opens to nothing', () => {
    const token = seal(key, 'm1', place(1, 5, 0));
    const flip = (t: string, i: number) => `${t.slice(0, i)}${t[i] === 'A' ? 'B' : 'A'}${t.slice(i + 1)}`;
    // (Not the last character: its lowest bits fall past the last byte, and base64 ignores them.)
    for (const i of [0, 11, 20, token.length - 2]) expect(unseal(key, 'm1', flip(token, i))).toBeNull();
    expect(unseal(key, 'm1', token.slice(0, -1))).toBeNull();
    expect(unseal(key, 'm1', `${token}AAAA`)).toBeNull();
    expect(unseal(key, 'm1', 'A'.repeat(121))).toBeNull();
    expect(unseal(key, 'm1', `${token.slice(0, 30)}+/${token.slice(32)}`)).toBeNull();
    expect(unseal(key, 'm1', '')).toBeNull();
    // Sealed for the match, but not a place: refused all the same.
    expect(unseal(key, 'm1', sealText(key, 'm1', 'not a place at all'))).toBeNull();
    expect(unseal(key, 'm1', sealText(key, 'm1', '1.2.3.4'))).toBeNull();
    expect(unseal(key, 'm1', sealText(key, 'm1', '1234567890.2.3'))).toBeNull();
    expect(unseal(key, 'm1', sealText(key, 'm1', '1.2.3'))).toEqual(place(1, 2, 3));
  });

  it('decision 6 a sealed text opens for its own scope only, and says nothing of itself', () => {
    const token = sealText(key, 'public', 'page 3 of the list');
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(token).not.toContain('page');
    expect(unsealText(key, 'public', token)).toBe('page 3 of the list');
    expect(unsealText(key, 'm1', token)).toBeNull();
    expect(unsealText(key, 'public', token.slice(0, 39))).toBeNull();
    expect(unsealText(key, 'public', `${token}.`)).toBeNull();
    expect(unsealText(key, 'public', `.${token}`)).toBeNull();
    expect(unsealText(key, 'public', 'A'.repeat(2001))).toBeNull();
    const long = 'x'.repeat(1400);
    expect(unsealText(key, 'public', sealText(key, 'public', long))).toBe(long);
  });
});
