// The player's card: everything in his view's `me`, the known parts specially, and his personal link.
import { h, type Child } from '../dom.js';
import { fmtValue, type Ctx } from '../format.js';
import { kgStats } from '../killgame.js';
import { pushControl } from '../push.js';
import { dict, fieldLabel, t, term } from '../lang.js';
import type { PlayerView } from '../types.js';
import { copyField, panel, Slot } from '../ui.js';
import { outcomeOf, type Outcome } from './ending.js';
import { playerTelegram } from './telegram.js';
import { keys, namesKey, personalLink, type MatchState } from './state.js';

/** What a player's card shows: everything in `view.me`, the known parts specially. */
export function card(
  ctx: Ctx,
  me: NonNullable<PlayerView['me']>,
  ruleset: string,
  extras: { link?: HTMLElement | null; push?: HTMLElement | null; telegram?: HTMLElement | null; outcome?: Outcome | null },
): HTMLElement {
  const known = new Set(['id', 'name', 'alive', 'role', 'faction', 'team', 'zone', 'stats', 'inventory', 'statuses', 'channels']);
  const rows: Child[] = [];
  const row = (label: string, value: Child, attrs: Record<string, string> = {}) => rows.push(h('dt', null, label), h('dd', attrs, value));
  if (me.role) row(t('role'), fmtValue(ctx, me.role), { 'data-testid': 'role', 'data-role': me.role });
  if (me.team) row(t('team'), fmtValue(ctx, me.team), { 'data-testid': 'team' });
  else if (me.faction) row(t('faction'), fmtValue(ctx, me.faction), { 'data-testid': 'faction' });
  if (me.zone !== undefined)
    row(t('kg-zone'), me.zone ? fmtValue(ctx, me.zone) : t('kg-not-placed'), { 'data-testid': 'zone', 'data-zone': me.zone ?? '' });
  for (const [k, v] of Object.entries(me)) {
    if (known.has(k) || v === undefined || v === null) continue;
    row(fieldLabel(k), Array.isArray(v) && v.length === 0 ? '—' : fmtValue(ctx, v), { 'data-field': k });
  }
  let statsBox: Child = null;
  if (me.stats && typeof me.stats === 'object') {
    statsBox =
      ruleset === 'killgame'
        ? kgStats(me.stats)
        : h(
            'dl',
            { class: 'stats' },
            Object.entries(me.stats).map(([k, v]) => [h('dt', null, fmtValue(ctx, k)), h('dd', { 'data-stat': k }, String(v))]),
          );
  }
  let inventory: Child = null;
  if (me.inventory !== undefined && me.inventory !== null) {
    const inv = me.inventory;
    const items: Child[] = Array.isArray(inv)
      ? inv.map((it: any) => {
          if (typeof it === 'string') return h('li', { 'data-item': it }, fmtValue(ctx, it));
          const id = String(it?.item ?? it?.id ?? '?');
          const extra: Child[] = [];
          if (it?.rarity) extra.push(fmtValue(ctx, it.rarity));
          if (typeof it?.charges === 'number') extra.push(t('charges-left', { n: it.charges }));
          if (it?.starting) extra.push(t('starting-item'));
          if (it?.active === false) extra.push(t('inactive-copy'));
          if (it?.enchant) extra.push([t('enchanted'), ' ', fmtValue(ctx, it.enchant.bonus), ` +${it.enchant.value}`]);
          if (typeof it?.points === 'number') extra.push(t('points', { n: it.points }));
          return h(
            'li',
            { 'data-item': id, class: it?.active === false ? 'inactive' : undefined },
            fmtValue(ctx, id),
            extra.length
              ? h(
                  'small',
                  null,
                  ' (',
                  extra.map((e, i) => [i ? ', ' : '', e]),
                  ')',
                )
              : null,
          );
        })
      : Object.entries(inv as Record<string, unknown>)
          .filter(([, v]) => v !== 0)
          .map(([item, v]) =>
            h('li', { 'data-item': item }, fmtValue(ctx, item), typeof v === 'number' ? h('span', { class: 'qty' }, ` ×${v}`) : null),
          );
    inventory = h(
      'div',
      { class: 'inventory' },
      h('h4', null, t('inventory')),
      items.length ? h('ul', { 'data-testid': 'inventory' }, items) : h('p', { class: 'empty' }, t('empty-inventory')),
    );
  }
  // Statuses: only what is on (a flag, a list with entries, an object with some flag on).
  let statuses: Child = null;
  if (me.statuses && typeof me.statuses === 'object') {
    const on: Child[] = [];
    const label = (k: string) => (dict().fields[k] ? fieldLabel(k) : (term(k) ?? fieldLabel(k)));
    const entries: Array<[string, unknown]> = Array.isArray(me.statuses)
      ? (me.statuses as unknown[]).map((x) => [String(x), true])
      : Object.entries(me.statuses as Record<string, unknown>);
    for (const [k, v] of entries) {
      if (v === true) on.push(h('li', { class: 'badge warn', 'data-status': k }, label(k)));
      else if (typeof v === 'number' && v !== 0) on.push(h('li', { class: 'badge warn', 'data-status': k }, label(k), `: ${v}`));
      else if (typeof v === 'string' && v) on.push(h('li', { class: 'badge warn', 'data-status': k }, label(k), ': ', fmtValue(ctx, v)));
      else if (Array.isArray(v) && v.length) on.push(h('li', { class: 'badge warn', 'data-status': k }, label(k), ': ', fmtValue(ctx, v)));
      else if (v && typeof v === 'object' && !Array.isArray(v)) {
        const flags = Object.entries(v as Record<string, unknown>)
          .filter(([, x]) => x === true || (typeof x === 'number' && x !== 0))
          .map(([x]) => x);
        if (flags.length)
          on.push(
            h(
              'li',
              { class: 'badge warn', 'data-status': k },
              label(k),
              ': ',
              flags.map((f, i) => [i ? ', ' : '', term(f) ?? fieldLabel(f)]),
            ),
          );
      }
    }
    statuses = on.length ? h('ul', { class: 'statuses' }, on) : null;
  }
  return h(
    'div',
    { class: `card${me.alive ? '' : ' dead'}`, 'data-testid': 'card' },
    h(
      'p',
      { class: 'who' },
      h('b', null, ctx.players.get(me.id) ?? me.name),
      ' ',
      me.alive ? h('span', { class: 'badge ok' }, t('alive')) : h('span', { class: 'badge bad', 'data-testid': 'dead' }, t('dead')),
      extras.outcome && extras.outcome !== 'draw'
        ? [
            ' ',
            h(
              'span',
              { class: `badge ${extras.outcome === 'won' ? 'ok' : 'bad'}`, 'data-testid': 'card-outcome', 'data-outcome': extras.outcome },
              t(extras.outcome === 'won' ? 'you-won' : 'you-lost'),
            ),
          ]
        : null,
    ),
    rows.length ? h('dl', { class: 'facts' }, rows) : null,
    statsBox,
    statuses,
    inventory,
    extras.link ?? null,
    extras.push ?? null,
    extras.telegram ?? null,
  );
}

export function cardPanel(state: MatchState) {
  const slot = new Slot(h('div'));
  return {
    el: slot.el,
    render(c: Ctx): void {
      const { me, summary: s } = state;
      const view = me?.view ?? null;
      if (!s || !view?.me || !me) {
        slot.set(null, () => null);
        return;
      }
      const token = keys(state).player?.token;
      const telegram = Boolean(token && s.telegram && s.status !== 'ended');
      slot.set([view.me, view.known, namesKey(c), c.zones.size, s.status, s.winner, telegram], () =>
        panel(
          t('your-card'),
          [
            card(c, view.me!, s.ruleset, {
              link: token
                ? h(
                    'details',
                    { class: 'link', 'data-keep': 'link' },
                    h('summary', null, t('personal-link')),
                    copyField(t('personal-link-hint'), personalLink(state.matchId, token), { secret: true, testid: 'personal-link' }),
                  )
                : null,
              push: token && s.status !== 'ended' ? pushControl(state.matchId, token) : null,
              telegram: telegram && token ? playerTelegram(state.matchId, token) : null,
              outcome: outcomeOf(s, view.me!),
            }),
          ],
          { id: 'card' },
        ),
      );
    },
  };
}
