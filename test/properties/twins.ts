// Twin matches for the refusal property (decision 8, D48): per ruleset, how to deal a match whose hidden
// facts vary (starting items) and how to change what one player cannot see (others' roles, items,
// effects). A change the sender can see after all is caught by comparing his views, not trusted.
import type { Ruleset, SetupPlayer } from '../../engine/core/types.js';
import { rulesets } from '../rulesets.js';
import { ITEM_IDS } from '../../engine/rulesets/killgame/catalog.js';
import mapsData from '../../engine/rulesets/killgame/data/maps.json' with { type: 'json' };
import catalogData from '../../engine/rulesets/mafia/data/mafia-items.json' with { type: 'json' };
import type { Rand } from './legal.js';
import { seats, tableFor, type Table } from './tables.js';

export interface TwinRules {
  table(r: Rand): Table;
  /** The seats, with a scenario's fixed keys where the ruleset takes them (starting items). */
  players(table: Table, r: Rand): SetupPlayer[];
  /** The scenario `setup` object: which phase the match opens at. */
  setup(r: Rand): Record<string, unknown>;
  /** Per player, groups of fields that travel together when two other players swap them. */
  hidden: string[][];
  /** Ids a dishonest sender may try in any field besides the players' ids (items, rarities, zones). */
  vocabulary: string[];
  /** The ids he tries most: those the deal hands out, so that guesses often hit. */
  likely: string[];
}

const MAFIA_DEALT = ['lucky-coin', 'holy-water', 'night-ring', 'dowsing-rod', 'shackles', 'revolver', 'poison', 'night-crown'];
const MAFIA_ITEMS = (catalogData as { items: Array<{ id: string }> }).items.map((i) => i.id);

const KILLGAME_ZONES = Object.values((mapsData as { maps: Record<string, { zones: Array<{ id: string }> }> }).maps).flatMap((m) =>
  m.zones.map((z) => z.id),
);
const lupusRuleset = () => rulesets.lupus!;
const mafiaRuleset = () => rulesets.mafia!;
const killgameRuleset = () => rulesets.killgame!;

const plain = (rs: Ruleset, table: Table): SetupPlayer[] => seats(table.players, rs);

export const TWINS: Record<string, TwinRules> = {
  lupus: {
    table: (r) => tableFor(lupusRuleset(), r.int(6, 13)),
    players: (table) => plain(lupusRuleset(), table),
    setup: () => ({}),
    hidden: [
      ['role', 'told'],
      ['cursed'],
      ['jinxed'],
      ['praised'],
      ['praiseUsed', 'blessUsed', 'revealUsed'],
      ['deflectionSpent'],
      ['resurrections'],
    ],
    vocabulary: ['pack', 'cemetery', 'spirit-p1', 'spirit-p2', 'spirit-p3'],
    likely: [],
  },
  mafia: {
    table: () => tableFor(mafiaRuleset()),
    players(table, r) {
      // A few stealable items and Things each, from a small pool, so that guesses often hit.
      const pool = MAFIA_DEALT;
      return plain(mafiaRuleset(), table).map((p) => {
        const inventory: Record<string, number> = {};
        for (const item of r.shuffle(pool).slice(0, r.int(0, 4))) inventory[item] = 1;
        const maps = r.shuffle(pool).slice(0, r.int(0, 2));
        return { ...p, fixed: { inventory, maps } };
      });
    },
    setup: (r) => (r.chance(0.75) ? { startPhase: 'night-1' } : {}),
    hidden: [
      ['items'],
      ['items'],
      ['maps'],
      ['fx'],
      ['specialty', 'suspendedThrough', 'searchFails'],
      ['team', 'specialization'],
      ['spent', 'lastSmelt', 'lastEnchant', 'lastThingSearch'],
      ['setUses', 'activeSet'],
    ],
    vocabulary: [...MAFIA_ITEMS, ...MAFIA_ITEMS.map((i) => `map:${i}`), 'thing', 'relic', 'rare', 'artifact', 'legendary', 'bandits'],
    likely: MAFIA_DEALT,
  },
  killgame: {
    table: (r) => tableFor(killgameRuleset(), r.int(3, 12)),
    players: (table) => plain(killgameRuleset(), table),
    setup: () => ({}),
    hidden: [
      ['inventory', 'firedTurn'],
      ['energy'],
      ['team'],
      ['zone', 'lastActionZone', 'lastActionSmoked'],
      ['approval', 'persuasion', 'tokens'],
      ['poison'],
    ],
    vocabulary: [...ITEM_IDS, ...new Set(KILLGAME_ZONES)],
    likely: [...ITEM_IDS],
  },
};

/**
 * The twin state: for a few pairs of players other than the sender, one group of hidden fields swapped.
 * Swapping keeps every count of the match (the role table, the deck) as it was.
 */
export function swapHidden(state: unknown, sender: string, rules: TwinRules, r: Rand): unknown {
  const twin = JSON.parse(JSON.stringify(state)) as { players: Array<Record<string, unknown>> };
  const others = twin.players.filter((p) => p.id !== sender);
  if (others.length < 2) return twin;
  for (let k = r.int(1, 4); k > 0; k--) {
    const [a, b] = r.shuffle(others).slice(0, 2) as [Record<string, unknown>, Record<string, unknown>];
    for (const field of r.pick(rules.hidden)) {
      if (!(field in a) || !(field in b)) continue;
      [a[field], b[field]] = [b[field], a[field]];
    }
  }
  return twin;
}
