// The audit's answer when a stored record differs from the one computed now (functions/service/audit.ts,
// POST /api/matches/{id}/audit): the JSON path of the first difference, and both values there. The audit
// itself, on a real stack with tampered records, is test/faults/audit.test.ts.
import { describe, expect, it } from 'vitest';
import { firstDifference } from '../../../functions/service/audit.js';

describe('the first difference the audit names', () => {
  it('is null when the bytes are equal, and a path into arrays and objects when they are not', () => {
    expect(firstDifference({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] }, 'state')).toBeNull();
    expect(firstDifference([{ kind: 'death' }, { kind: 'vote' }], [{ kind: 'death' }, { kind: 'lynch' }], 'events')).toBe(
      'events[1].kind: stored "vote", computed "lynch"',
    );
    expect(firstDifference({ p: { alive: true } }, { p: { alive: false } }, 'state')).toBe('state.p.alive: stored true, computed false');
  });

  it('says "nothing" for what one side lacks, on either side', () => {
    expect(firstDifference([1], [1, 2], 'events')).toBe('events[1]: stored nothing, computed 2');
    expect(firstDifference({ a: 1, b: 2 }, { a: 1 }, 'state')).toBe('state.b: stored 2, computed nothing');
  });

  it('names a change of shape at its own path: a value against an object, an array against an object', () => {
    expect(firstDifference(5, { a: 1 }, 'state')).toBe('state: stored 5, computed {"a":1}');
    expect(firstDifference({ a: 1 }, 5, 'state')).toBe('state: stored {"a":1}, computed 5');
    expect(firstDifference(null, { a: 1 }, 'state')).toBe('state: stored null, computed {"a":1}');
    expect(firstDifference({ a: 1 }, null, 'state')).toBe('state: stored {"a":1}, computed null');
    expect(firstDifference([1, 2], { 0: 1, 1: 3, length: 2 }, 'state')).toBe('state: stored [1,2], computed {"0":1,"1":3,"length":2}');
    expect(firstDifference({ 0: 1, 1: 3, length: 2 }, [1, 2], 'state')).toBe('state: stored {"0":1,"1":3,"length":2}, computed [1,2]');
  });

  it('tells the same entries in another key order apart: the bytes differ', () => {
    expect(firstDifference({ a: 1, b: 2 }, { b: 2, a: 1 }, 'state')).toBe('state: keys stored in order ["a","b"], computed ["b","a"]');
  });

  it('cuts a long value at 120 characters', () => {
    const long = 'x'.repeat(200);
    const text = firstDifference(long, 'y', 'state')!;
    expect(text).toBe(`state: stored ${JSON.stringify(long).slice(0, 120)}…, computed "y"`);
    expect(firstDifference('x'.repeat(118), 'y', 'state')).toBe(`state: stored "${'x'.repeat(118)}", computed "y"`);
  });
});
