// Bench builder: an open Mafia night (night 2) with `players` players carrying items and maps,
// and the typical mix of night actions: shots, blocks, searches, thefts, checks, crafts, Destruction.
import { createRng, type Rng } from '../../engine/core/rng.js';
import type { ActionInput, PendingAction } from '../../engine/core/types.js';
import { mafia } from '../../engine/rulesets/mafia/index.js';
import type { MafiaState } from '../../engine/rulesets/mafia/state.js';

const SPECIALTIES = ['archaeologist', 'blacksmith', 'guard', 'mage'];
const LOADOUTS: Array<Record<string, number>> = [
  { 'lucky-coin': 1, 'elixir-of-life': 1 },
  { 'detective-loupe': 1, 'guardian-amulet': 1 },
  { 'healers-satchel': 1, 'tracker-compass': 1 },
  { 'invisibility-cloak': 1, 'night-ring': 1 },
  { 'holy-water': 1, 'dowsing-rod': 1 },
  { shackles: 1, 'thieves-gloves': 1 },
  { 'bear-trap': 1, 'tracker-boots': 1 },
  {},
];

export function benchCase(players: number): { ruleset: typeof mafia; state: MafiaState; actions: PendingAction[]; rng: Rng } {
  const seed = `bench-${players}`;
  const settings = mafia.settings.parse({ 'max-players': Math.min(40, Math.max(30, players)) });
  const roster = Array.from({ length: players }, (_, i) => ({
    id: `p${i + 1}`,
    name: `Player ${i + 1}`,
    options: { specialty: SPECIALTIES[i % SPECIALTIES.length]! },
    fixed: { inventory: LOADOUTS[i % LOADOUTS.length]!, maps: i % 3 === 0 ? ['dowsing-rod', 'antidote'] : [] },
  }));
  const state = mafia.setup({
    players: roster,
    settings,
    rng: createRng(seed, 'natural', 'setup'),
    setup: { startPhase: 'night-2' },
  }).state;

  const actions: PendingAction[] = [];
  let seq = 0;
  const push = (player: string, action: ActionInput) => {
    const verdict = mafia.validate(state, player, action, actions);
    if (!verdict.ok) return;
    const kept = actions.filter((a) => !(a.owner === verdict.owner && a.slot === verdict.slot));
    kept.push({ player, owner: verdict.owner, slot: verdict.slot, action: verdict.action, seq: seq++ });
    actions.splice(0, actions.length, ...kept);
  };
  const ids = state.players.map((p) => p.id);
  const other = (i: number, k: number) => ids[(i + k) % ids.length]!;
  state.players.forEach((p, i) => {
    const has = (item: string) => p.items.some((c) => c.item === item);
    // bandits use their starting items; the team aims its Destruction when it may
    if (has('revolver')) push(p.id, { type: 'use-item', item: 'revolver', target: other(i, 3) });
    if (has('dope-potion')) push(p.id, { type: 'use-item', item: 'dope-potion', target: other(i, 5) });
    if (has('poison')) push(p.id, { type: 'use-item', item: 'poison', target: other(i, 7) });
    if (has('curse-potion')) push(p.id, { type: 'use-item', item: 'curse-potion', target: other(i, 2) });
    if (p.team === 'bandits') push(p.id, { type: 'destroy', target: other(i, 4), item: 'lucky-coin' });
    // everyone else: a mix of searches, thefts, checks and heals; specialists craft
    switch (i % 6) {
      case 0:
        push(p.id, { type: 'search-map', item: 'dowsing-rod' });
        break;
      case 1:
        push(p.id, { type: 'steal', target: other(i, 1) });
        push(p.id, { type: 'steal-pick', item: 'guardian-amulet' });
        break;
      case 2:
        push(p.id, { type: 'use-item', item: 'detective-loupe', target: other(i, 6) });
        push(p.id, { type: 'search-random', rarity: 'relic' });
        break;
      case 3:
        push(p.id, { type: 'use-item', item: 'invisibility-cloak' });
        push(p.id, { type: 'search-random', rarity: 'rare' });
        break;
      case 4:
        push(p.id, { type: 'use-item', item: 'healers-satchel', target: other(i, 9) });
        push(p.id, { type: 'prepare-search' });
        break;
      default:
        push(p.id, { type: 'use-item', item: 'lucky-coin', target: p.id });
        push(p.id, { type: 'steal', target: other(i, 2), item: 'night-ring' });
    }
    if (p.specialty === 'blacksmith' && has('lucky-coin')) push(p.id, { type: 'smelt', item: 'lucky-coin', into: ['dope-potion'] });
    if (p.specialty === 'mage' && has('dowsing-rod')) push(p.id, { type: 'enchant', item: 'dowsing-rod', bonus: 'find' });
    if (p.specialty === 'guard' && i % 4 === 2) push(p.id, { type: 'guard-boost' });
    if (has('shackles')) push(p.id, { type: 'use-item', item: 'shackles', target: other(i, 11) });
  });
  return { ruleset: mafia, state, actions, rng: createRng(seed, 'natural', 'night-2') };
}
