// Bench builder: an open Kill Game action phase on Classica with `players` players and 10 monsters.
import { createRng, type Rng } from '../../engine/core/rng.js';
import type { PendingAction } from '../../engine/core/types.js';
import { killgame } from '../../engine/rulesets/killgame/index.js';
import type { KillGameState } from '../../engine/rulesets/killgame/state.js';

const LOADOUTS: Array<Record<string, number>> = [
  { 'sniper-rifle': 1, knife: 1, vest: 2, 'k-ration': 3 },
  { 'machine-gun': 1, grenade: 1, 'gas-mask': 1, 'k-ration': 3 },
  { shotgun: 1, 'ninja-knife': 1, amulet: 1, 'k-ration': 3 },
  { flamethrower: 1, c4: 1, vest: 1, 'k-ration': 3 },
  { crossbow: 1, 'rambo-knife': 1, antidote: 1, 'k-ration': 3 },
  { grenade: 2, medikit: 1 },
];

export function benchCase(players: number): { ruleset: typeof killgame; state: KillGameState; actions: PendingAction[]; rng: Rng } {
  const seed = `bench-${players}`;
  const settings = killgame.settings.parse({ map: 'classica', monsters: 10, 'max-players': Math.min(1000, Math.max(24, players)) });
  // Turn 3 opens with the first two zones closed; players spread over the open zones.
  const zones = [
    'ruderi',
    'cimitero-del-vampire',
    'sede-cubota',
    'campi',
    'grandi-pianure',
    'bar-pino',
    'foresta-del-nord',
    'balle-di-paglia',
    'depositi',
    'vecchio-granaio',
    'ponte-ovest',
    'ponte-est',
    'grotta',
    'boschetto',
    'sentiero',
    'strada',
    'paese',
  ];
  const roster = Array.from({ length: players }, (_, i) => ({
    id: `p${i + 1}`,
    name: `Player ${i + 1}`,
    options: {},
    fixed: { zone: zones[i % zones.length]!, inventory: LOADOUTS[i % LOADOUTS.length]! },
  }));
  let state = killgame.setup({ players: roster, settings, rng: createRng(seed, 'natural', 'setup'), setup: { startTurn: 3 } }).state;
  state = killgame.resolve(state, [], createRng(seed, 'natural', 'tactic-3')).state;

  // Typical actions: everyone attacks someone or something in his zone; some wear items or shout.
  const actions: PendingAction[] = [];
  let seq = 0;
  const push = (player: string, slot: string, action: PendingAction['action']) => {
    const verdict = killgame.validate(state, player, action, []);
    if (verdict.ok) actions.push({ player, owner: player, slot: verdict.slot, action: verdict.action, seq: seq++ });
  };
  const byZone = new Map<string, string[]>();
  for (const p of state.players) if (p.zone) byZone.set(p.zone, [...(byZone.get(p.zone) ?? []), p.id]);
  const monsterIn = new Map(state.monsters.filter((m) => m.alive).map((m) => [m.zone, m.id]));
  state.players.forEach((p, i) => {
    const here = byZone.get(p.zone!)!.filter((id) => id !== p.id);
    const victim = i % 7 === 0 && monsterIn.has(p.zone!) ? monsterIn.get(p.zone!)! : here[i % Math.max(1, here.length)];
    const inv = p.inventory;
    if (inv.grenade && i % 3 === 0) push(p.id, 'attack', { type: 'grenade', zone: zones[(i + 1) % 14]! });
    else if (inv.c4) push(p.id, 'attack', { type: 'c4', zone: zones[(zones.indexOf(p.zone!) + 1) % zones.length]! });
    else if (victim && (inv['sniper-rifle'] || inv['machine-gun'] || inv.shotgun || inv.crossbow)) {
      push(p.id, 'attack', { type: 'shoot', targets: inv['machine-gun'] ? [victim, victim] : [victim] });
    } else if (victim && inv.flamethrower) push(p.id, 'attack', { type: 'shoot', targets: here.slice(0, 3) });
    else if (victim) push(p.id, 'attack', { type: 'punch', targets: [victim] });
    if (inv.vest) push(p.id, 'vest', { type: 'vest' });
    if (inv['gas-mask']) push(p.id, 'gas-mask', { type: 'gas-mask' });
    if (inv.amulet) push(p.id, 'amulet', { type: 'amulet' });
    if (i % 5 === 0) push(p.id, 'shout', { type: 'shout' });
  });
  return { ruleset: killgame, state, actions, rng: createRng(seed, 'natural', 'action-3') };
}
