// Which committed changes make the stream's consumer write the published files again (issue 47, decision 11):
// what the public record shows, and nothing that only moves bookkeeping (a claim's lease, a check flag, a ballot).
import { describe, expect, it } from 'vitest';
import { hasEffects, planOf, republishes, unwoundOf, type StreamChange } from '../../../functions/effects/changes.js';

const change = (sk: string, kind: StreamChange['kind'], before?: object, after?: object): StreamChange => ({
  id: `${sk}-${kind}`,
  kind,
  pk: 'MATCH#m1',
  sk,
  ...(before ? { before: before as Record<string, unknown> } : {}),
  ...(after ? { after: after as Record<string, unknown> } : {}),
});
const meta = { status: 'running', phase: 'day-1', deadline: 1000, history: ['night-1', 'day-1'], seated: 7, version: 4, leaseUntil: null };

describe('issue 47 / decision 11: the public record follows the commits', () => {
  it('a match made, a public field of META moved (pause, deadline, end) republishes; a claim’s lease or a version does not', () => {
    expect(republishes(change('META', 'INSERT', undefined, meta))).toBe(true);
    // An import publishes its own record in its request.
    expect(republishes(change('META', 'INSERT', undefined, { ...meta, imported: true }))).toBe(false);
    expect(republishes(change('META', 'MODIFY', meta, { ...meta, status: 'paused' }))).toBe(true);
    expect(republishes(change('META', 'MODIFY', meta, { ...meta, deadline: 2000 }))).toBe(true);
    expect(republishes(change('META', 'MODIFY', meta, { ...meta, seated: 8, version: 5 }))).toBe(true);
    expect(republishes(change('META', 'MODIFY', meta, { ...meta, leaseUntil: 99, phaseStatus: 'resolving', version: 5 }))).toBe(false);
    // A match whose items expire: nothing left to publish.
    expect(republishes(change('META', 'REMOVE', meta))).toBe(false);
  });

  it('a seat taken, freed or renamed, or an engine state written, republishes; a check flag or a ballot does not', () => {
    const seat = { id: 'anna', name: 'Anna', checkedPhase: null, options: {} };
    expect(republishes(change('PLAYER#anna', 'INSERT', undefined, seat))).toBe(true);
    expect(republishes(change('PLAYER#anna', 'REMOVE', seat))).toBe(true);
    expect(republishes(change('PLAYER#anna', 'MODIFY', seat, { ...seat, name: 'Annette' }))).toBe(true);
    expect(republishes(change('PLAYER#anna', 'MODIFY', seat, { ...seat, checkedPhase: 'day-1' }))).toBe(false);
    expect(republishes(change('STATE#day-1', 'INSERT', undefined, { state: 'x' }))).toBe(true);
    expect(republishes(change('STATE#night-2', 'REMOVE', { state: 'x' }))).toBe(false);
    expect(republishes(change('ACTION#day-1#anna#ballot', 'INSERT', undefined, { pending: {} }))).toBe(false);
    expect(republishes(change('EVENT#day-1#0001', 'INSERT', undefined, { stored: {} }))).toBe(false);
  });

  it('a rollback’s removed events name the phase whose file is written again', () => {
    expect(unwoundOf(change('EVENT#day-1#~close#0003', 'REMOVE', { stored: {} }))).toBe('day-1');
    expect(unwoundOf(change('EVENT#night-2#0001', 'REMOVE', { stored: {} }))).toBe('night-2');
    expect(unwoundOf(change('EVENT#day-1#0001', 'INSERT', undefined, { stored: {} }))).toBeNull();
    const [work] = planOf([
      change('EVENT#day-1#~close#0003', 'REMOVE', { stored: {} }),
      change('EVENT#day-1#~close#0004', 'REMOVE', { stored: {} }),
    ]);
    expect(work).toMatchObject({ matchId: 'm1', unwound: ['day-1'], republish: false });
    expect(hasEffects(work!)).toBe(true);
  });

  it('a batch of bookkeeping alone asks the consumer for nothing', () => {
    const [work] = planOf([
      change('META', 'MODIFY', meta, { ...meta, leaseUntil: 99, version: 5 }),
      change('SLOTS#day-1#anna', 'MODIFY', {}, {}),
    ]);
    expect(work).toMatchObject({ republish: false, unwound: [], finished: [] });
    expect(hasEffects(work!)).toBe(false);
  });
});
