// Bearer tokens (functions/service/tokens.ts; ARCHITECTURE.md: tokens are long random secrets, handed out
// once and stored only as hashes; a player's token names his seat so the API finds the hash to compare).
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashToken, newGmToken, newMatchId, newPlayerToken, newSeed, readToken, sameHash } from '../../../functions/service/tokens.js';

describe('tokens', () => {
  it('ARCHITECTURE a player token names the seat and carries 256 random bits; a GM token names no seat', () => {
    const token = newPlayerToken('anna');
    expect(token).toMatch(/^anna\.[A-Za-z0-9_-]{43}$/);
    expect(newPlayerToken('anna')).not.toBe(token);
    expect(readToken(token)).toEqual({ kind: 'player', playerId: 'anna' });
    const gm = newGmToken();
    expect(gm).toMatch(/^gm\.[A-Za-z0-9_-]{43}$/);
    expect(readToken(gm)).toEqual({ kind: 'gm' });
  });

  it('ARCHITECTURE reads only what could be a token: 40 to 200 characters, a kebab seat id of at most 64 before the first dot', () => {
    const pad = (head: string, length: number) => `${head}.${'x'.repeat(length - head.length - 1)}`;
    expect(readToken(pad('anna', 39))).toBeNull();
    expect(readToken(pad('anna', 40))).toEqual({ kind: 'player', playerId: 'anna' });
    expect(readToken(pad('anna', 200))).toEqual({ kind: 'player', playerId: 'anna' });
    expect(readToken(pad('anna', 201))).toBeNull();
    expect(readToken('x'.repeat(60))).toBeNull();
    expect(readToken(`.${'x'.repeat(59)}`)).toBeNull();
    expect(readToken(pad('Anna', 60))).toBeNull();
    expect(readToken(pad('-anna', 60))).toBeNull();
    expect(readToken(pad('an na', 60))).toBeNull();
    expect(readToken(pad('p2-spirit', 60))).toEqual({ kind: 'player', playerId: 'p2-spirit' });
    expect(readToken(pad('a'.repeat(64), 100))).toEqual({ kind: 'player', playerId: 'a'.repeat(64) });
    expect(readToken(pad('a'.repeat(65), 100))).toBeNull();
    // The seat is what stands before the first dot; the secret may hold dots of its own.
    expect(readToken(`gm.${'y'.repeat(20)}.${'z'.repeat(20)}`)).toEqual({ kind: 'gm' });
    expect(readToken(`xgm.${'y'.repeat(40)}`)).toEqual({ kind: 'player', playerId: 'xgm' });
  });

  it('ARCHITECTURE only the hash is kept, SHA-256 in hex, and a token matches its own hash only', () => {
    const token = newPlayerToken('bruno');
    expect(hashToken(token)).toBe(createHash('sha256').update(token).digest('hex'));
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sameHash(token, hashToken(token))).toBe(true);
    expect(sameHash(newPlayerToken('bruno'), hashToken(token))).toBe(false);
    // A stored hash of another length (damaged, or not a hash) is a mismatch, never a throw.
    expect(sameHash(token, hashToken(token).slice(0, 62))).toBe(false);
    expect(sameHash(token, '')).toBe(false);
  });

  it('match ids are 12 lower-case letters or digits, seeds 32 hex digits, each new every time', () => {
    const ids = new Set(Array.from({ length: 200 }, () => newMatchId()));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]{12}$/);
    const seeds = new Set(Array.from({ length: 50 }, () => newSeed()));
    expect(seeds.size).toBe(50);
    for (const seed of seeds) expect(seed).toMatch(/^[0-9a-f]{32}$/);
  });
});
