// D49: a vote replaced by another action of its slot is withdrawn publicly.
import { describe, expect, it } from 'vitest';
import { eight } from './harness.js';

const atDay = () => eight({}, { dice: 'succeed', setup: { startPhase: 'day-2' } });

describe('MAF-3.1 D49 a replaced vote', () => {
  it('MAF-3.1 D49 a day find-map after a vote withdraws the vote publicly; the close counts no ballot from him', () => {
    const m = atDay();
    expect(m.act('t1', { type: 'vote', target: 'b1' })).toBe('ok');
    expect(m.act('t2', { type: 'vote', target: 'b1' })).toBe('ok');
    expect(m.act('t1', { type: 'find-map' })).toBe('ok');
    const open = m.of('day-2');
    expect(open.filter((e) => e.kind === 'vote-withdrawn')).toEqual([{ kind: 'vote-withdrawn', to: 'public', voter: 't1' }]);
    // The public record of ballots (casts minus withdrawals) equals what the close reads.
    const cast = open.filter((e) => e.kind === 'vote-cast').length;
    const withdrawn = open.filter((e) => e.kind === 'vote-withdrawn').length;
    expect(cast - withdrawn).toBe(m.pending.filter((p) => p.action.type === 'vote').length);
    const closed = m.close();
    expect(closed.find((e) => e.kind === 'vote-result')).toMatchObject({ tally: { b1: 1 } });
  });

  it('MAF-3.1 D49 a vote replaced by another vote is not announced as withdrawn; a find-map with no vote before it is silent', () => {
    const m = atDay();
    m.act('t1', { type: 'vote', target: 'b1' });
    m.act('t1', { type: 'vote', target: 'b2' });
    m.act('t2', { type: 'find-map' });
    expect(m.of('day-2').filter((e) => e.kind === 'vote-withdrawn')).toEqual([]);
  });
});
