// The scenario runner's mismatch report: a jailed player expected alive (or dead) is reported "jailed",
// not "unknown player" (MAF-12.7: a jailed player is neither alive nor dead in the facts).
import { describe, expect, it } from 'vitest';
import { check, type Observed } from './assert.js';

const observed = (facts: Partial<Observed['facts']>): Observed => ({
  facts: { alive: [], dead: [], winner: null, ...facts },
  phase: 'day-2',
  events: [],
  sees: async () => ({}),
});

describe('scenario expectations: alive and dead', () => {
  it('MAF-12.7 a jailed player expected alive is reported jailed', async () => {
    const seen = observed({ alive: ['a'], dead: ['b'], jailed: ['j'] });
    expect(await check({ alive: ['a', 'j'] }, seen)).toEqual({ assertion: 'alive j', expected: 'alive', actual: 'jailed' });
    expect(await check({ dead: ['j'] }, seen)).toEqual({ assertion: 'dead j', expected: 'dead', actual: 'jailed' });
  });

  it('a dead player expected alive is reported dead, a living one expected dead alive, a stranger unknown', async () => {
    const seen = observed({ alive: ['a'], dead: ['b'], jailed: ['j'] });
    expect(await check({ alive: ['b'] }, seen)).toEqual({ assertion: 'alive b', expected: 'alive', actual: 'dead' });
    expect(await check({ dead: ['a'] }, seen)).toEqual({ assertion: 'dead a', expected: 'dead', actual: 'alive' });
    expect(await check({ alive: ['zed'] }, seen)).toEqual({ assertion: 'alive zed', expected: 'alive', actual: 'unknown player' });
    expect(await check({ alive: ['a'], dead: ['b'], jailed: ['j'] }, seen)).toBeNull();
  });
});
