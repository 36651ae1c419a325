// Items are data: a GM may load another catalog through the settings (the spec's effect grammar),
// validated with zod, every error naming its entry; the engine applies it without code changes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogProblems, parseCatalog, starterCatalog } from '../../../engine/rulesets/mafia/catalog.js';
import type { Catalog, ItemDef } from '../../../engine/rulesets/mafia/catalog.js';
import { mafia } from '../../../engine/rulesets/mafia/index.js';
import { eightAtNight, find, gmItem, has } from './harness.js';

const withItems = (...items: ItemDef[]): Catalog => ({
  ...structuredClone(starterCatalog()),
  items: [...structuredClone(starterCatalog().items), ...items],
});

const base = (id: string, rarity: ItemDef['rarity']): ItemDef => gmItem(id, { rarity, class: 'harm' });

describe('the catalog is data', () => {
  it('MAF-8.1 the shipped catalog is the spec’s companion file, copied into the ruleset folder', () => {
    const shared = join(import.meta.dirname, '../../../docs/rules/mafia-items.json');
    const copy = join(import.meta.dirname, '../../../engine/rulesets/mafia/data/mafia-items.json');
    expect(JSON.parse(readFileSync(copy, 'utf8'))).toEqual(JSON.parse(readFileSync(shared, 'utf8')));
    expect(catalogProblems(JSON.parse(readFileSync(copy, 'utf8')))).toEqual([]);
  });

  it('MAF-8.1 a GM catalog with new items runs without code changes: a passive, an instant paralysis, a day check', () => {
    const catalog = withItems(
      {
        ...base('iron-skin', 'rare'),
        kind: 'passive',
        phase: null,
        scope: null,
        uses: null,
        afterUse: null,
        class: null,
        passive: [{ type: 'stat', stat: 'death-avoid', op: 'add', value: 40, duration: 'held' }],
      },
      {
        ...base('frost-wand', 'artifact'),
        instant: true,
        uses: 'multi-use',
        charges: 3,
        recharge: 1,
        afterUse: null,
        class: 'block',
        effect: [{ type: 'paralysis', negative: true }],
      },
      {
        ...base('crystal-ball', 'relic'),
        phase: 'day',
        uses: 'infinite',
        afterUse: null,
        class: 'inspect',
        effect: [{ type: 'check', report: 'public' }],
      },
    );
    expect(mafia.settings.safeParse({ catalog }).success).toBe(true);
    const m = eightAtNight(
      { t4: { inventory: { 'iron-skin': 1, 'frost-wand': 1 } }, t5: { inventory: { 'crystal-ball': 1 } } },
      { settings: { catalog }, dice: 'succeed' },
    );
    expect(m.stats('t4')['death-avoid']).toBe(40);
    const night = m.night([
      ['t4', { type: 'use-item', item: 'frost-wand', target: 'b1' }],
      ['b1', { type: 'use-item', item: 'revolver', target: 't4' }],
    ]);
    expect(has(night, { kind: 'action-failed', to: 'b1', reason: 'paralysed' })).toBe(true);
    expect(m.p('t4').items.find((c) => c.item === 'frost-wand')!.charges).toBe(2);
    m.play([['t5', { type: 'use-item', item: 'crystal-ball', target: 'b2' }]]);
    expect(find(m.close(), { kind: 'day-item-result' })).toEqual([
      { kind: 'day-item-result', to: 'public', player: 't5', item: 'crystal-ball', target: 'b2', answer: 'bandit' },
    ]);
    // the random search draws from the new catalog too (forced dice: the first relic in its order)
    const ball = catalog.items.find((i) => i.id === 'crystal-ball')!;
    const reordered = { ...catalog, items: [ball, ...catalog.items.filter((i) => i !== ball)] };
    const r = eightAtNight({}, { settings: { catalog: reordered }, dice: 'succeed' });
    r.night([['t6', { type: 'search-random', rarity: 'relic' }]]);
    expect(r.count('t6', 'crystal-ball')).toBe(1);
  });

  it('MAF-8.1 a bad catalog is refused by the settings schema, each error naming the bad entry', () => {
    const bad = withItems(
      { ...base('glass-knife', 'thing'), effect: [{ type: 'stab' } as never] },
      { ...base('lonely-piece', 'rare'), set: 'no-such-set', effect: [{ type: 'kill' }] },
    );
    const result = mafia.settings.safeParse({ catalog: bad });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => i.message).join('\n');
    expect(messages).toMatch(/item "glass-knife" \(items\[34\]\) field effect\.0\.type/);
    const cross = withItems({ ...base('lonely-piece', 'rare'), set: 'no-such-set', effect: [{ type: 'kill' }] });
    expect(catalogProblems(cross).map((p) => p.message)).toEqual(['item "lonely-piece" (items[34]): unknown set "no-such-set"']);
    const dup = withItems({ ...base('revolver', 'thing'), effect: [{ type: 'kill' }] });
    expect(() => parseCatalog(dup)).toThrow(/item "revolver" \(items\[34\]\): duplicate item id/);
    const noPhase = withItems({ ...base('odd', 'rare'), phase: null, effect: [{ type: 'kill' }] });
    expect(catalogProblems(noPhase)[0]!.message).toBe('item "odd" (items[34]): an active item needs a phase');
    const wrongClass = withItems({ ...base('net', 'rare'), class: 'harm', effect: [{ type: 'paralysis' }] });
    expect(catalogProblems(wrongClass)[0]!.message).toMatch(/item "net".*class "block"/);
  });
});
