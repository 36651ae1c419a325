// Bench case for Lupus: an open night-2 with every power a typical table uses, for `players` seats.
import type { Rng } from '../../engine/core/rng.js';
import { createRng } from '../../engine/core/rng.js';
import type { PendingAction, Ruleset } from '../../engine/core/types.js';
import { lupus, type LupusSettings, type LupusState } from '../../engine/rulesets/lupus/index.js';
import { DEFAULT_TABLE } from '../../engine/rulesets/lupus/roles.js';

/** The default table, then plain villagers and a wolf for every fourth extra seat. */
function roles(players: number): string[] {
  return Array.from({ length: players }, (_, i) =>
    i < DEFAULT_TABLE.length ? DEFAULT_TABLE[i]! : i % 4 === 0 ? 'lupo-mannaro' : 'zucca-semplice',
  );
}

export function benchCase(players: number): {
  ruleset: Ruleset<LupusState, LupusSettings>;
  state: LupusState;
  actions: PendingAction[];
  rng: Rng;
} {
  const table = roles(Math.max(3, players));
  const settings = lupus.settings.parse({});
  let { state } = lupus.setup({
    players: table.map((role, i) => ({ id: `p${i + 1}`, name: `Player ${i + 1}`, options: {}, fixed: { role } })),
    settings,
    rng: createRng('bench', 'natural', 'setup'),
    setup: {},
  });
  // night-1 and day-1 pass quietly
  state = lupus.resolve(state, [], createRng('bench', 'natural', 'night-1')).state;
  state = lupus.resolve(state, [], createRng('bench', 'natural', 'day-1')).state;

  // Every player submits his first available action on a target chosen by seat, as a busy night would.
  const actions: PendingAction[] = [];
  let seq = 0;
  state.players.forEach((p, i) => {
    for (const option of lupus.available(state, p.id, actions)) {
      const action: Record<string, unknown> = { type: option.type };
      for (const [name, field] of Object.entries(option.fields)) {
        if (field.kind === 'player' && field.required) action[name] = field.options[(i * 7) % field.options.length];
        if (field.kind === 'choice') action[name] = field.options[i % field.options.length];
      }
      const verdict = lupus.validate(state, p.id, action as never, actions);
      if (!verdict.ok) continue;
      const kept = actions.filter((a) => !(a.owner === verdict.owner && a.slot === verdict.slot));
      kept.push({ player: p.id, owner: verdict.owner, slot: verdict.slot, action: verdict.action, seq: seq++ });
      actions.splice(0, actions.length, ...kept);
      break;
    }
  });
  actions.sort((a, b) => (a.owner === b.owner ? a.slot.localeCompare(b.slot) : a.owner < b.owner ? -1 : 1));
  return { ruleset: lupus, state, actions, rng: createRng('bench', 'natural', 'night-2') };
}
