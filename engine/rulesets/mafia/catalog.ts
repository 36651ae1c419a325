// The item catalog as data (spec "Effect grammar of mafia-items.json"): its zod schema, the
// cross-checks that name the bad entry, the starter catalog and fast lookups.
import * as z from 'zod';
import { KEBAB_ID } from '../../core/ids.js';
import { lazy } from '../../core/lazy.js';
import { RulesetError } from '../../core/types.js';
import starterJson from './data/mafia-items.json' with { type: 'json' };
import { CLASSES, RARITIES, SCOPES, SPECIALIZATIONS, STATS } from './ids.js';
import type { EffectClass, Rarity, Scope, StatId } from './ids.js';

const kebab = z.string().regex(KEBAB_ID, 'must be a kebab-case ASCII id');
const negative = z.boolean().optional();

const statEffect = z.strictObject({
  type: z.literal('stat'),
  stat: z.enum(STATS),
  op: z.enum(['add', 'set']),
  value: z.number().int(),
  duration: z.enum(['day', 'night', 'held']),
  negative,
  /** `points >= N`: the bonus acts only while the item's point counter reaches N (MAF-9.20). */
  condition: z
    .string()
    .regex(/^points >= \d+$/, 'must read "points >= N"')
    .optional(),
  /** Global passives only: who is affected besides (or except) the holder. */
  appliesTo: z.enum(['every player in town except the holder', 'every player in town']).optional(),
});

const plain = <T extends string>(type: T) => z.strictObject({ type: z.literal(type), negative });

const durationNight = z.enum(['night']).optional();

const baseEffects = [
  z.strictObject({ type: z.literal('kill'), ifTransformed: z.enum(['incinerate']).optional(), negative }),
  plain('incinerate'),
  z.strictObject({ type: z.literal('heal'), duration: durationNight, negative }),
  z.strictObject({ type: z.literal('block'), when: z.enum(['current-night', 'next-day']), negative }),
  plain('poison'),
  z.strictObject({ type: z.literal('cure'), effects: z.array(z.enum(['poison', 'curse', 'paralysis'])).min(1), negative }),
  z.strictObject({ type: z.literal('curse'), op: z.enum(['add']).optional(), value: z.number().int().min(0), negative }),
  z.strictObject({ type: z.literal('luck'), op: z.enum(['add']).optional(), value: z.number().int().min(0), negative }),
  statEffect,
  z.strictObject({ type: z.literal('check'), report: z.enum(['private', 'public']), negative }),
  z.strictObject({ type: z.literal('invisibility'), duration: durationNight, negative }),
  z.strictObject({ type: z.literal('immortality'), duration: durationNight, negative }),
  plain('calm'),
  z.strictObject({ type: z.literal('paralysis'), target: z.enum(['thief']).optional(), negative }),
  z.strictObject({ type: z.literal('recharge'), subject: z.string().optional(), negative }),
  plain('resurrect'),
  plain('release'),
  z.strictObject({
    type: z.literal('transform'),
    form: kebab,
    limit: z.number().int().min(1).optional(),
    undoBySameAction: z.boolean().optional(),
    grants: z.array(statEffect),
    negative,
  }),
  z.strictObject({
    type: z.literal('mark'),
    mark: kebab,
    passiveMark: z.boolean().optional(),
    grants: z.array(statEffect).optional(),
    negative,
  }),
  z.strictObject({ type: z.literal('copy-maps'), which: z.string().optional(), negative }),
] as const;

/** What a trap does when it goes off (MAF-9.11). */
const triggerEffect = z.discriminatedUnion('type', [
  plain('fail-theft'),
  z.strictObject({ type: z.literal('paralysis'), target: z.enum(['thief']).optional(), negative }),
]);

const effect = z.discriminatedUnion('type', [
  ...baseEffects,
  z.strictObject({
    type: z.literal('trap'),
    trigger: z.enum(['theft-against-target']),
    onTrigger: z.array(triggerEffect).min(1),
    notifySetter: z.array(z.enum(['target', 'thief'])).optional(),
    negative,
  }),
]);

const passiveEffect = z.discriminatedUnion('type', [statEffect, plain('calm')]);

const name = z.strictObject({ ru: z.string(), en: z.string() });

const itemSchema = z.strictObject({
  id: kebab,
  name,
  rarity: z.enum(RARITIES),
  kind: z.enum(['passive', 'global-passive', 'active']),
  instant: z.boolean(),
  phase: z.enum(['day', 'night']).nullable(),
  scope: z.enum(SCOPES).nullable(),
  uses: z.enum(['one-use', 'multi-use', 'reloadable', 'infinite']).nullable(),
  charges: z.number().int().min(1).nullable(),
  recharge: z.number().int().min(0),
  interval: z.number().int().min(0).nullable(),
  afterUse: z.enum(['lost', 'destroyed']).nullable(),
  set: kebab.nullable(),
  unique: z.boolean(),
  /** MAF-3.12, D52: a day item that needs answers from other players (refused `too-late` near the deadline). */
  needsResponse: z.boolean().optional(),
  starting: z.array(z.enum(SPECIALIZATIONS)),
  class: z.enum(CLASSES).nullable(),
  effect: z.array(effect),
  passive: z.array(passiveEffect),
  global: z.array(statEffect),
  notes: z.string().optional(),
});

const setActive = z.strictObject({
  id: kebab,
  phase: z.enum(['night']),
  instant: z.boolean(),
  scope: z.enum(SCOPES),
  uses: z.enum(['reloadable', 'infinite']),
  interval: z.number().int().min(0).nullable(),
  class: z.enum(CLASSES),
  effect: z.array(effect).min(1),
});

const setSchema = z.strictObject({
  id: kebab,
  name,
  pieces: z.array(kebab).min(2),
  passive: z.array(passiveEffect),
  active: setActive.nullable(),
});

const recipeRow = z.array(kebab).min(1);
const anyOfRecipe = z.strictObject({ count: z.number().int().min(1), from: z.array(kebab).min(1), repeats: z.boolean() });
const recipe = z.union([z.array(recipeRow).min(1), anyOfRecipe]);

const bonusTable = z.partialRecord(z.enum(['theft-avoid', 'death-avoid', 'luck', 'find', 'theft', 'vote-strength']), z.number().int());

export const catalogSchema = z.strictObject({
  ruleset: z.literal('mafia'),
  version: z.number().int(),
  note: z.string().optional(),
  rarities: z.array(z.strictObject({ id: z.enum(RARITIES), ru: z.string(), en: z.string() })),
  classOrder: z.array(z.enum(CLASSES)),
  classOrderNote: z.string().optional(),
  items: z.array(itemSchema).min(1),
  sets: z.array(setSchema),
  recipes: z.partialRecord(z.enum(['relic', 'rare', 'artifact', 'legendary']), recipe),
  enchantments: z.partialRecord(z.enum(['relic', 'rare', 'artifact', 'legendary']), bonusTable),
  startingItems: z.record(z.enum(SPECIALIZATIONS), kebab.nullable()),
});

export type Catalog = z.infer<typeof catalogSchema>;
export type ItemDef = Catalog['items'][number];
export type SetDef = Catalog['sets'][number];
export type SetActive = NonNullable<SetDef['active']>;
export type Effect = z.infer<typeof effect>;
export type StatEffect = z.infer<typeof statEffect>;
export type PassiveEffect = z.infer<typeof passiveEffect>;
export type TriggerEffect = z.infer<typeof triggerEffect>;
export type Recipe = z.infer<typeof recipe>;

export interface CatalogProblem {
  path: PropertyKey[];
  message: string;
}

/** Names the entry a zod path points into: `item "gag" (items[7])`, `set "tracker-gear"`. */
function entryLabel(raw: unknown, path: readonly PropertyKey[]): string {
  const [head, index] = path;
  const list = raw && typeof raw === 'object' ? (raw as Record<string, unknown>)[String(head)] : undefined;
  if ((head === 'items' || head === 'sets') && typeof index === 'number' && Array.isArray(list)) {
    const entry = list[index] as { id?: unknown } | undefined;
    const id = entry && typeof entry.id === 'string' ? ` "${entry.id}"` : '';
    const rest = path.slice(2).map(String).join('.');
    return `${head === 'items' ? 'item' : 'set'}${id} (${head}[${index}])${rest ? ` field ${rest}` : ''}`;
  }
  return path.length ? `field ${path.map(String).join('.')}` : 'catalog';
}

/** Checks that need the whole catalog: ids, set membership, recipes, starting items, class order. */
function crossProblems(c: Catalog): CatalogProblem[] {
  const out: CatalogProblem[] = [];
  const byId = new Map(c.items.map((it) => [it.id, it] as const));
  const setIds = new Set(c.sets.map((s) => s.id));
  const seen = new Set<string>();
  c.items.forEach((it, i) => {
    const at = (field: string, message: string) =>
      out.push({ path: ['items', i, field], message: `item "${it.id}" (items[${i}]): ${message}` });
    if (seen.has(it.id)) at('id', 'duplicate item id');
    seen.add(it.id);
    if (it.kind === 'active') {
      if (!it.phase) at('phase', 'an active item needs a phase');
      if (!it.scope) at('scope', 'an active item needs a scope');
      if (!it.uses) at('uses', 'an active item needs uses');
      if (!it.class) at('class', 'an active item needs an effect class');
      if (it.effect.length === 0) at('effect', 'an active item needs at least one effect');
      if (it.uses === 'multi-use' && !it.charges) at('charges', 'a multi-use item needs charges');
      if (it.uses === 'reloadable' && it.interval === null) at('interval', 'a reloadable item needs an interval');
      const blocking = it.effect.some((e) => e.type === 'block' || e.type === 'paralysis');
      if (blocking && it.class !== 'block') at('class', 'block and paralysis effects belong to class "block" (step I)');
      if (it.phase === 'day' && it.effect.some((e) => !['stat', 'check'].includes(e.type)))
        at('effect', 'day items support only stat and check effects');
    } else if (it.effect.length > 0) at('effect', 'a passive item has no use effect');
    if (it.kind === 'global-passive' && it.global.length === 0) at('global', 'a global passive needs global effects');
    if (it.set !== null) {
      if (!setIds.has(it.set)) at('set', `unknown set "${it.set}"`);
      else if (!c.sets.find((s) => s.id === it.set)!.pieces.includes(it.id)) at('set', `set "${it.set}" does not list it`);
      if (it.rarity === 'thing') at('set', 'a Thing cannot be a set piece');
    }
  });
  c.sets.forEach((s, i) => {
    s.pieces.forEach((piece, j) => {
      const def = byId.get(piece);
      if (!def) out.push({ path: ['sets', i, 'pieces', j], message: `set "${s.id}" (sets[${i}]): unknown piece "${piece}"` });
      else if (def.set !== s.id)
        out.push({
          path: ['sets', i, 'pieces', j],
          message: `set "${s.id}" (sets[${i}]): piece "${piece}" names set ${JSON.stringify(def.set)}`,
        });
    });
  });
  const thingRef = (path: PropertyKey[], id: string, where: string) => {
    const def = byId.get(id);
    if (!def) out.push({ path, message: `${where}: unknown item "${id}"` });
    else if (def.rarity !== 'thing') out.push({ path, message: `${where}: "${id}" is not a Thing` });
  };
  for (const [rarity, r] of Object.entries(c.recipes)) {
    if (!r) continue;
    if (Array.isArray(r)) r.forEach((row, i) => row.forEach((id, j) => thingRef(['recipes', rarity, i, j], id, `recipe for ${rarity}`)));
    else r.from.forEach((id, j) => thingRef(['recipes', rarity, 'from', j], id, `recipe for ${rarity}`));
  }
  for (const [spec, id] of Object.entries(c.startingItems)) if (id) thingRef(['startingItems', spec], id, `starting item of ${spec}`);
  const order = [...c.classOrder].sort().join();
  if (order !== [...CLASSES].sort().join() || c.classOrder[0] !== 'block')
    out.push({ path: ['classOrder'], message: `classOrder must list each of ${CLASSES.join(', ')} once, "block" first` });
  const rarityIds = c.rarities.map((r) => r.id).join();
  if (rarityIds !== RARITIES.join()) out.push({ path: ['rarities'], message: `rarities must be ${RARITIES.join(', ')} in this order` });
  return out;
}

/** Every problem of a raw catalog, each message naming the bad entry; empty when it is valid. */
export function catalogProblems(raw: unknown): CatalogProblem[] {
  const parsed = catalogSchema.safeParse(raw);
  if (!parsed.success)
    return parsed.error.issues.map((issue) => ({ path: issue.path, message: `${entryLabel(raw, issue.path)}: ${issue.message}` }));
  return crossProblems(parsed.data);
}

/** A validated catalog, or a RulesetError('invalid-catalog') listing what is wrong. */
export function parseCatalog(raw: unknown): Catalog {
  const problems = catalogProblems(raw);
  if (problems.length) throw new RulesetError('invalid-catalog', problems.map((p) => p.message).join('; '));
  return catalogSchema.parse(raw);
}

/** The catalog shipped with the ruleset (mafia-items.json), validated on first use. */
export const starterCatalog = lazy((): Catalog => parseCatalog(starterJson));

/** Indexes built once per catalog object. */
export interface CatalogIndex {
  catalog: Catalog;
  item: Map<string, ItemDef>;
  set: Map<string, SetDef>;
  /** Catalog order (MAF-12.6). */
  order: Map<string, number>;
  byRarity: Record<Rarity, ItemDef[]>;
  classRank: Map<EffectClass, number>;
  /** Ids of global passives (MAF-8.2), to find their holders quickly. */
  globals: Set<string>;
}

const cache = new WeakMap<Catalog, CatalogIndex>();

export function indexCatalog(catalog: Catalog): CatalogIndex {
  let idx = cache.get(catalog);
  if (idx) return idx;
  const byRarity = Object.fromEntries(RARITIES.map((r) => [r, catalog.items.filter((it) => it.rarity === r)])) as Record<Rarity, ItemDef[]>;
  idx = {
    catalog,
    item: new Map(catalog.items.map((it) => [it.id, it])),
    set: new Map(catalog.sets.map((s) => [s.id, s])),
    order: new Map(catalog.items.map((it, i) => [it.id, i])),
    byRarity,
    classRank: new Map(catalog.classOrder.map((c, i) => [c, i])),
    globals: new Set(catalog.items.filter((it) => it.kind === 'global-passive').map((it) => it.id)),
  };
  cache.set(catalog, idx);
  return idx;
}

export const scopeNeedsTarget = (scope: Scope | null): boolean => scope !== null && scope !== 'self';

export type { StatId };
