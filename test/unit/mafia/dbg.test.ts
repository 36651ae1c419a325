import { it } from 'vitest';
import { createRng } from '../../../engine/core/rng.js';
import { mafia } from '../../../engine/rulesets/mafia/index.js';
it('dbg', () => {
const players = Array.from({length: 8}, (_, i) => ({ id: `p${i}`, name: `P${i}`, options: {}, fixed: i < 2 ? { role: 'bandit', specialty: 'guard' } : { role: 'townsperson', specialty: 'guard' } }));
const { state } = mafia.setup({ players, settings: mafia.settings.parse({}), rng: createRng('x','natural','setup'), setup: { startPhase: 'night-1' } });
const v = mafia.validate(state, 'p3', { type: 'search-random', rarity: 'relic' }, []);
const pending = v.ok ? [{ player: 'p3', owner: v.owner, slot: v.slot, action: v.action, seq: 0 }] : [];
for (const n of [2000, 20000]) {
let t = performance.now();
for (let i = 0; i < n; i++) mafia.resolve(state, pending, createRng('a', 'natural', `t${i}`));
console.log('resolve ms', n, (performance.now() - t) / n);
}
});
