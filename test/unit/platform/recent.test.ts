// The bounded cache behind the kept reads and the state cache (issue 17): it forgets the least
// recently used entry, so a busy match's META and state stay while idle ones go.
import { describe, expect, it } from 'vitest';
import { Recent } from '../../../functions/service/recent.js';

describe('Recent', () => {
  it('issue 17 keeps at most its size, forgetting the least recently used entry', () => {
    const kept = new Recent<number>(2);
    kept.set('a', 1);
    kept.set('b', 2);
    expect(kept.get('a')).toBe(1); // a is now the most recent
    kept.set('c', 3);
    expect(kept.get('b')).toBeUndefined();
    expect(kept.get('a')).toBe(1);
    expect(kept.get('c')).toBe(3);
  });

  it('issue 17 a set replaces the value and counts as a use; a delete forgets it', () => {
    const kept = new Recent<string>(2);
    kept.set('a', 'old');
    kept.set('b', 'b');
    kept.set('a', 'new');
    kept.set('c', 'c');
    expect(kept.get('a')).toBe('new');
    expect(kept.get('b')).toBeUndefined();
    kept.delete('a');
    expect(kept.get('a')).toBeUndefined();
    expect(kept.get('c')).toBe('c');
  });

  it('issue 17 asking for what it does not hold takes no room', () => {
    const kept = new Recent<string>(2);
    kept.set('a', 'a');
    kept.set('b', 'b');
    expect(kept.get('x')).toBeUndefined();
    for (const key of ['c', 'd', 'e']) kept.set(key, key);
    expect([kept.get('c'), kept.get('d'), kept.get('e')]).toEqual([undefined, 'd', 'e']);
  });
});
