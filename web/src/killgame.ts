// Kill Game panels: the zone map (SVG), the player's card with the audience's faces, the market.
import { cardName } from './card-dialog.js';
import { h, s, type Child } from './dom.js';
import { fmtValue, nameText, type Ctx } from './format.js';
import { t, term } from './lang.js';
import { KG_MAPS, type KgMap } from './names.js';

export interface ZoneView {
  zone: string;
  closed?: boolean;
  smoke?: boolean;
  gas?: boolean;
  players?: string[];
  monsters?: string[];
  presences?: number;
  smokeNear?: string[];
  gasNear?: string[];
}

export interface KgBoard {
  map?: KgMap;
  turn?: number | null;
  closed?: string[];
  /** The zones that close at the end of this turn (KG-9.3), as the server says. */
  closing?: string[];
  doubleDamage?: boolean;
  market?: { regime: string; buy: Record<string, number>; sell: Record<string, number> } | null;
  monsters?: Array<{ id: string; species: string; alive: boolean }>;
  here?: ZoneView | null;
}

/** The map of a board, or the named map of the settings (before the start). */
export function mapFor(board: KgBoard | null | undefined, settings: Record<string, unknown> | undefined): KgMap | null {
  if (board?.map?.zones) return board.map;
  const custom = settings?.['custom-map'] as KgMap | null | undefined;
  if (settings?.map === 'custom' && custom?.zones) return custom;
  return KG_MAPS[String(settings?.map ?? 'classica')] ?? null;
}

export interface MapOptions {
  ctx: Ctx;
  map: KgMap;
  board?: KgBoard | null;
  settings?: Record<string, unknown>;
  /** The player's zone (null: not placed yet); undefined for a spectator, who has none. */
  myZone?: string | null;
  /** Zones a click may choose now (the legal targets of the chosen zone action). */
  targets?: string[];
  targetLabel?: string;
  /** The zone the player has already submitted for that action. */
  chosen?: string | undefined;
  onPick?: (zone: string) => void;
}

/** The zone map: zones at their coordinates, adjacency, closed and closing zones, the player's zone and what he knows. */
export function drawMap(o: MapOptions): HTMLElement {
  const { map, board } = o;
  const closed = new Set(board?.closed ?? []);
  const closing = new Set(board?.closing ?? []);
  const here = board?.here ?? null;
  const smoked = new Set<string>([...(here?.smoke ? [here.zone] : []), ...(here?.smokeNear ?? [])]);
  const gassed = new Set<string>([...(here?.gas ? [here.zone] : []), ...(here?.gasNear ?? [])]);
  const targets = new Set(o.targets ?? []);
  const byId = new Map(map.zones.map((z) => [z.id, z]));

  const edges: SVGElement[] = [];
  for (const z of map.zones) {
    for (const nId of z.neighbours) {
      const other = byId.get(nId);
      if (!other || nId < z.id) continue;
      const dead = closed.has(z.id) || closed.has(nId);
      edges.push(s('line', { x1: z.x, y1: z.y, x2: other.x, y2: other.y, class: dead ? 'edge dead' : 'edge' }));
    }
  }

  const zones = map.zones.map((z) => {
    const cls = ['zone'];
    const states: string[] = [];
    if (closed.has(z.id)) cls.push('closed'), states.push(t('map-closed'));
    else if (closing.has(z.id)) cls.push('closing'), states.push(t('map-closing'));
    if (z.closes === null) cls.push('final'), states.push(t('map-final'));
    if (z.id === map.centralZone) cls.push('central'), states.push(t('map-central'));
    if (z.id === o.myZone) cls.push('mine'), states.push(t('map-you'));
    if (smoked.has(z.id)) cls.push('smoke'), states.push(t('map-smoke'));
    if (gassed.has(z.id)) cls.push('gas'), states.push(t('map-gas'));
    const isTarget = targets.has(z.id) && Boolean(o.onPick);
    if (isTarget) cls.push('target');
    if (z.id === o.chosen) cls.push('chosen'), states.push(t('map-chosen'));
    const label = `${z.name}${states.length ? ` — ${states.join(', ')}` : ''}`;
    const props: Record<string, any> = { class: cls.join(' '), 'data-zone': z.id, transform: `translate(${z.x} ${z.y})` };
    if (isTarget) {
      Object.assign(props, {
        tabindex: 0,
        role: 'button',
        'aria-label': `${o.targetLabel ?? t('map-pick')}: ${label}`,
        onclick: () => o.onPick!(z.id),
        onkeydown: (e: KeyboardEvent) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            o.onPick!(z.id);
          }
        },
      });
    }
    const marks: SVGElement[] = [];
    if (z.closes === null) marks.push(s('circle', { r: 5.4, class: 'ring' }));
    if (z.id === o.chosen) marks.push(s('circle', { r: 6.6, class: 'chosen-ring' }));
    // A ring of its own, so the zone he stands in (or one he may pick) still shows it closes.
    if (cls.includes('closing')) marks.push(s('circle', { r: 5.4, class: 'closing-ring', 'data-testid': 'closing-ring' }));
    marks.push(s('circle', { r: 4, class: 'dot' }));
    if (closed.has(z.id)) marks.push(s('path', { d: 'M-2.6 -2.6 L2.6 2.6 M2.6 -2.6 L-2.6 2.6', class: 'cross' }));
    if (z.id === map.centralZone) marks.push(s('text', { class: 'icon', y: 1.3 }, '★'));
    if (smoked.has(z.id)) marks.push(s('text', { class: 'icon', x: 4.5, y: -3 }, '☁'));
    if (gassed.has(z.id)) marks.push(s('text', { class: 'icon', x: -7.5, y: -3 }, '☣'));
    if (z.id === o.myZone) marks.push(s('text', { class: 'icon you', y: 1.3 }, '●'));
    return s('g', props, s('title', null, label), ...marks, s('text', { class: 'label', y: 8 }, z.name));
  });

  const svg = s(
    'svg',
    { viewBox: '-10 -8 120 120', class: 'kg-map', role: 'img', 'aria-label': t('map-title', { name: map.name }) },
    s('g', { class: 'edges' }, ...edges),
    s('g', { class: 'zones' }, ...zones),
  );
  const legend = h(
    'ul',
    { class: 'legend' },
    // A spectator has no zone and no choice: the legend says neither "you are here" nor "you can choose it".
    o.myZone !== undefined ? h('li', null, h('span', { class: 'sw mine' }), t('map-you')) : null,
    o.targets?.length ? h('li', null, h('span', { class: 'sw target' }), t('map-target')) : null,
    o.chosen ? h('li', null, h('span', { class: 'sw chosen' }), t('map-chosen')) : null,
    h('li', null, h('span', { class: 'sw closing' }), t('map-closing')),
    h('li', null, h('span', { class: 'sw closed' }), t('map-closed')),
    h('li', null, h('span', { class: 'sw final' }), t('map-final')),
    h('li', null, '★ ', t('map-central')),
    h('li', null, '☁ ', t('map-smoke')),
    h('li', null, '☣ ', t('map-gas')),
  );
  return h('div', { class: 'map-wrap' }, svg, legend);
}

/** What the player sees in his own zone (KG-16.5). */
export function hereBox(ctx: Ctx, here: ZoneView | null | undefined): HTMLElement | null {
  if (!here) return null;
  const rows: Child[] = [h('li', null, t('kg-zone'), ': ', fmtValue(ctx, here.zone), here.closed ? ` (${t('map-closed')})` : '')];
  if (here.presences !== undefined) rows.push(h('li', null, t('kg-presences', { n: here.presences })));
  else {
    rows.push(h('li', null, t('kg-with-you'), ': ', here.players?.length ? fmtValue(ctx, here.players) : t('kg-nobody')));
    if (here.monsters?.length) rows.push(h('li', null, t('kg-monsters-here'), ': ', fmtValue(ctx, here.monsters)));
  }
  if (here.smoke) rows.push(h('li', null, '☁ ', t('kg-smoke-here')));
  if (here.gas) rows.push(h('li', null, '☣ ', t('kg-gas-here')));
  if (here.smokeNear?.length) rows.push(h('li', null, '☁ ', t('kg-smoke-near'), ': ', fmtValue(ctx, here.smokeNear)));
  if (here.gasNear?.length) rows.push(h('li', null, '☣ ', t('kg-gas-near'), ': ', fmtValue(ctx, here.gasNear)));
  return h('ul', { class: 'here' }, rows);
}

/** A face as the game shows it: `mood` from -1 (grim) to +1 (grinning); `dead` crosses the eyes. */
export function face(mood: number, color: string, dead = false): SVGElement {
  const m = Math.max(-1, Math.min(1, mood));
  const eyes = dead
    ? [s('path', { d: 'M7 8 L10 11 M10 8 L7 11 M14 8 L17 11 M17 8 L14 11', class: 'stroke' })]
    : [s('circle', { cx: 8.5, cy: 9.5, r: 1.4, class: 'fill' }), s('circle', { cx: 15.5, cy: 9.5, r: 1.4, class: 'fill' })];
  const mouth = dead
    ? s('path', { d: 'M8 17 L16 17', class: 'stroke' })
    : s('path', { d: `M7 ${15.5 - m} Q12 ${15.5 + 4.5 * m} 17 ${15.5 - m}`, class: 'stroke' });
  return s(
    'svg',
    { viewBox: '0 0 24 24', class: 'face', 'aria-hidden': 'true', width: 40, height: 40 },
    s('circle', { cx: 12, cy: 12, r: 11, fill: color, class: 'skin' }),
    ...eyes,
    mouth,
  );
}

/** Energy (0–25): grinning when full, grim when low, crossed out at 0. */
export function energyFace(energy: number): SVGElement {
  const e = Math.max(0, Math.min(25, energy));
  const color = e > 16 ? '#7bc96f' : e > 8 ? '#f2c14e' : '#ef6f5e';
  return face(e / 12.5 - 1, color, e <= 0);
}

/** The audience's approval: booing below zero, cheering above. */
export function approvalFace(approval: number): SVGElement {
  const color = approval > 0 ? '#7bc96f' : approval < 0 ? '#ef6f5e' : '#c9c9c9';
  return face(approval / 2, color);
}

export function kgStats(stats: Record<string, number>): HTMLElement {
  const energy = stats.energy ?? 0;
  const approval = stats.approval ?? 0;
  const rest = Object.entries(stats).filter(([k]) => k !== 'energy' && k !== 'approval');
  return h(
    'div',
    { class: 'kg-stats' },
    h(
      'div',
      { class: 'face-box', 'data-stat': 'energy' },
      energyFace(energy),
      h('span', null, term('energy') ?? 'energy', ' ', h('b', null, `${energy}/25`)),
      h('meter', { min: 0, max: 25, low: 8, high: 16, optimum: 25, value: energy, 'aria-label': term('energy') ?? 'energy' }),
    ),
    h(
      'div',
      { class: 'face-box', 'data-stat': 'approval' },
      approvalFace(approval),
      h('span', null, term('approval') ?? 'approval', ' ', h('b', null, approval > 0 ? `+${approval}` : String(approval))),
    ),
    h(
      'dl',
      { class: 'stats' },
      rest.map(([k, v]) => [
        h('dt', null, term(`stat-${k}`) ?? term(k) ?? k),
        h('dd', { 'data-stat': k }, k === 'persuasion' ? `${v}%` : String(v)),
      ]),
    ),
  );
}

export function marketPanel(ctx: Ctx, market: NonNullable<KgBoard['market']>, trades?: unknown): HTMLElement {
  const items = Object.keys(market.buy);
  return h(
    'div',
    { class: 'market' },
    h('p', null, t('kg-regime'), ': ', h('b', null, fmtValue(ctx, market.regime))),
    // KG-13.5, KG-5.1: the limits, said before a refusal says them.
    h('p', { class: 'hint', 'data-testid': 'market-limits' }, t('kg-market-limits', { n: typeof trades === 'number' ? trades : 3 })),
    h(
      'table',
      { class: 'shop' },
      h(
        'thead',
        null,
        h('tr', null, h('th', null, t('item')), h('th', { class: 'num' }, t('kg-buy')), h('th', { class: 'num' }, t('kg-sell'))),
      ),
      h(
        'tbody',
        null,
        items.map((i) =>
          h(
            'tr',
            null,
            h('td', null, cardName(ctx.ruleset, i, nameText(ctx, i)) ?? nameText(ctx, i)),
            h('td', { class: 'num' }, String(market.buy[i])),
            h('td', { class: 'num' }, String(market.sell[i] ?? '—')),
          ),
        ),
      ),
    ),
  );
}
