// What a player may do now, with legal options, for the page's forms. Every option is one
// that `validate` accepts, so the page and the rules cannot disagree.
import type { ActionInput, AvailableAction, FieldSpec, PendingAction } from '../../core/types.js';
import { validateAction } from './actions.js';
import { scopeNeedsTarget } from './catalog.js';
import { BANDITS, RARITIES, SPECIALTIES } from './ids.js';
import { fullList, sortedIds, theftList } from './inventory.js';
import { catalogOf, findPlayer } from './state.js';
import type { MafiaState } from './state.js';
import { storedIn } from './validate-common.js';

type Probe = (action: ActionInput) => boolean;

const choice = (options: string[], required = true): FieldSpec => ({ kind: 'choice', options, required });
const players = (options: string[], required = true): FieldSpec => ({ kind: 'player', options, required });

export function availableActions(state: MafiaState, player: string, pending: PendingAction[]): AvailableAction[] {
  const me = findPlayer(state, player);
  if (!state.phase || !me) return [];
  const ok: Probe = (action) => validateAction(state, player, action, pending).ok;
  const cat = catalogOf(state);
  const ids = state.players.map((p) => p.id);
  const out: AvailableAction[] = [];
  const add = (type: string, slot: string, fields: Record<string, FieldSpec>, owner = player) => {
    const stored = storedIn(pending, owner, slot);
    out.push({ type, slot, fields, ...(stored ? { submitted: stored.action } : {}) });
  };
  const night = state.phase.kind === 'night';

  if (ok({ type: 'last-words', text: 'x' }))
    add('last-words', 'last-words', { text: { kind: 'text', maxLength: state.settings['last-words-max-chars'], required: true } });
  if (me.status !== 'in-town' || me.fx.paralysis) return out;

  if (!night) {
    const targets = ids.filter((t) => ok({ type: 'vote', target: t }));
    if (targets.length) add('vote', 'basic', { target: players(targets) });
    if (ok({ type: 'find-map' })) add('find-map', 'basic', {});
    const specialties = SPECIALTIES.filter((s) => ok({ type: 'switch-specialty', specialty: s }));
    if (specialties.length) add('switch-specialty', 'switch-specialty', { specialty: choice([...specialties]) });
  }

  // Items of this phase: held ones, and (by day) the openly found ones that may be faked.
  for (const slot of ['basic', 'instant']) {
    const items: string[] = [];
    const targets = new Set<string>();
    const subjects = new Set<string>();
    const candidates = sortedIds(state, [...me.items.map((c) => c.item), ...(night ? [] : me.found)]);
    for (const item of candidates) {
      const def = cat.item.get(item);
      if (!def || def.kind !== 'active' || (def.instant ? 'instant' : 'basic') !== slot) continue;
      const subjectOptions = def.effect.some((e) => e.type === 'recharge') ? me.items.map((c) => c.item) : [undefined];
      const targetOptions = def.scope === 'self' ? [undefined] : ids;
      let usable = false;
      for (const target of targetOptions)
        for (const subject of subjectOptions)
          if (ok({ type: 'use-item', item, ...(target ? { target } : {}), ...(subject ? { subject } : {}) })) {
            usable = true;
            if (target) targets.add(target);
            if (subject) subjects.add(subject);
          }
      if (usable) items.push(item);
    }
    if (items.length)
      add('use-item', slot, {
        item: choice(items),
        ...(targets.size ? { target: players([...targets], false) } : {}),
        ...(subjects.size ? { subject: choice(sortedIds(state, subjects), false) } : {}),
      });
  }
  if (!night) return out;

  for (const set of cat.catalog.sets) {
    if (!set.active) continue;
    // MAF-2.6: a bonus of scope `self` names no target, like an item of that scope.
    const targeted = scopeNeedsTarget(set.active.scope);
    const targets = targeted ? ids.filter((t) => ok({ type: 'use-set', set: set.id, target: t })) : [];
    if (targeted ? targets.length > 0 : ok({ type: 'use-set', set: set.id }))
      add('use-set', set.active.instant ? 'instant' : 'basic', {
        set: choice([set.id]),
        ...(targeted ? { target: players(targets) } : {}),
      });
  }
  const maps = me.maps.filter((item) => ok({ type: 'search-map', item }));
  if (maps.length) add('search-map', 'basic', { item: choice(maps) });
  const rarities = RARITIES.filter((rarity) => ok({ type: 'search-random', rarity }));
  if (rarities.length) add('search-random', 'basic', { rarity: choice([...rarities]) });
  const pieces = cat.catalog.items.filter((it) => it.set && ok({ type: 'search-set', item: it.id })).map((it) => it.id);
  if (pieces.length) add('search-set', 'basic', { item: choice(pieces) });
  if (ok({ type: 'search-antidote' })) add('search-antidote', 'basic', {});
  const victims = ids.filter((t) => ok({ type: 'steal', target: t }));
  if (victims.length) {
    // D48: the choice is every stealable item of the catalog, never what the others hold.
    const stealable = cat.catalog.items.filter((it) => it.rarity !== 'thing').map((it) => it.id);
    add('steal', 'basic', { target: players(victims), item: choice(stealable, false) });
  }
  const stored = storedIn(pending, player, 'basic');
  if (stored?.action.type === 'steal' && stored.action.item === undefined) {
    const list = theftList(state, findPlayer(state, stored.action.target)!, state.phase.n).filter((item) =>
      ok({ type: 'steal-pick', item }),
    );
    if (list.length) add('steal-pick', 'basic', { item: choice(list) });
  }
  for (const kind of ['prepare-search', 'prepare-theft']) if (ok({ type: kind })) add(kind, 'basic', {});
  const copyTargets = ids.filter((t) => ok({ type: 'copy-map', target: t, item: cat.catalog.items[0]!.id }));
  if (copyTargets.length) add('copy-map', 'basic', { target: players(copyTargets), item: choice(cat.catalog.items.map((it) => it.id)) });
  const enchantable = me.items
    .map((c) => c.item)
    .filter((item) => {
      const def = cat.item.get(item);
      const table = def && def.rarity !== 'thing' ? cat.catalog.enchantments[def.rarity] : undefined;
      return table && Object.keys(table).some((bonus) => ok({ type: 'enchant', item, bonus }));
    });
  if (enchantable.length) {
    const bonuses = new Set(
      enchantable.flatMap((item) => Object.keys(cat.catalog.enchantments[cat.item.get(item)!.rarity as 'relic'] ?? {})),
    );
    add('enchant', 'enchant', { item: choice(sortedIds(state, enchantable)), bonus: choice([...bonuses]) });
  }
  const smeltable = sortedIds(
    state,
    me.items
      .map((c) => c.item)
      .filter((item) => {
        const recipe = cat.item.get(item)?.rarity !== 'thing' ? cat.catalog.recipes[cat.item.get(item)!.rarity as 'relic'] : undefined;
        // One recipe the rules accept, to probe with: a listed row, or `count` Things from the pool (distinct ones when it forbids repeats).
        const into = !recipe
          ? []
          : Array.isArray(recipe)
            ? recipe[0]!
            : recipe.repeats
              ? Array(recipe.count).fill(recipe.from[0])
              : recipe.from.slice(0, recipe.count);
        return ok({ type: 'smelt', item, into });
      }),
  );
  if (smeltable.length) {
    // MAF-7.6: at most three Things (a legendary's recipe): each Thing costs one of a budget of three.
    const things = Object.fromEntries(cat.byRarity.thing.map((t) => [t.id, 1]));
    add('smelt', 'smelt', { item: choice(smeltable), into: { kind: 'counts', options: things, budget: 3 } });
  }
  if (ok({ type: 'guard-boost' })) add('guard-boost', 'instant', {});
  const destroyTargets = ids.filter((t) => ok({ type: 'destroy', target: t }));
  if (destroyTargets.length) add('destroy', 'destroy', { target: players(destroyTargets), item: choice([], false) }, BANDITS);
  const team = storedIn(pending, BANDITS, 'destroy');
  if (me.team === 'bandits' && team && team.action.item === undefined) {
    const list = fullList(state, findPlayer(state, team.action.target)!).filter((item) => ok({ type: 'destroy-pick', item }));
    if (list.length) add('destroy-pick', 'destroy', { item: choice(list) }, BANDITS);
  }
  return out;
}
