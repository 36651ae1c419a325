// Mafia panels: the item catalog to browse, and the "randomizer" to study the odds of a search or a theft.
import { cardBody } from './card-dialog.js';
import { cardOf } from './cards.js';
import { h, mount, nextId, type Child } from './dom.js';
import { fmtValue, nameText, type Ctx } from './format.js';
import { lang, t, term } from './lang.js';
import { odds, ODDS_SETTINGS, type OddsAction, type OddsInput, type OddsRarity, type OddsSettings } from './mafia-odds.js';
import { MAFIA_CATALOG, otherName, type MafiaItem } from './names.js';

const RARITIES = MAFIA_CATALOG.rarities.map((r) => r.id) as OddsRarity[];

/**
 * The odds settings of a match's parsed settings, or of the ruleset's defaults as GET /api/rulesets serves
 * them: both hold every setting, so the page keeps no copy of Mafia's numbers.
 */
export function oddsSettings(settings: Record<string, unknown>): OddsSettings {
  return Object.fromEntries(ODDS_SETTINGS.map((k) => [k, settings[k]])) as unknown as OddsSettings;
}

function signed(v: number): string {
  return v >= 0 ? `+${v}` : String(v);
}

/** One effect entry of the catalog's grammar, in words. */
function effectText(ctx: Ctx, e: Record<string, any>): Child {
  const type = String(e.type);
  const parts: Child[] = [];
  if (type === 'stat') {
    parts.push(fmtValue(ctx, e.stat), ' ', e.op === 'set' ? `= ${e.value}` : signed(Number(e.value)));
    if (e.duration && e.duration !== 'held') parts.push(` (${term(`dur-${e.duration}`) ?? e.duration})`);
    if (e.condition) {
      const points = /^points\s*>=\s*(\d+)$/.exec(String(e.condition));
      parts.push(` [${points ? t('from-points', { n: points[1]! }) : String(e.condition)}]`);
    }
    if (e.appliesTo)
      parts.push(` — ${e.appliesTo === 'every player in town except the holder' ? t('applies-others') : String(e.appliesTo)}`);
  } else {
    parts.push(term(`fx-${type}`) ?? type);
    if (e.value !== undefined) parts.push(' ', signed(Number(e.value)));
    if (e.when) parts.push(` (${term(`when-${e.when}`) ?? e.when})`);
    if (e.duration && e.duration !== 'held') parts.push(` (${term(`dur-${e.duration}`) ?? e.duration})`);
    if (Array.isArray(e.effects)) parts.push(': ', fmtValue(ctx, e.effects));
    if (e.report) parts.push(` (${term(`report-${e.report}`) ?? e.report})`);
    if (e.form) parts.push(': ', fmtValue(ctx, e.form));
    if (e.mark) parts.push(': ', fmtValue(ctx, e.mark));
    if (e.ifTransformed)
      parts.push(`; ${term('fx-if-transformed') ?? 'if transformed'}: `, term(`fx-${e.ifTransformed}`) ?? e.ifTransformed);
    if (Array.isArray(e.grants))
      parts.push(
        ' (',
        e.grants.map((g: Record<string, any>, i: number) => [i ? ', ' : '', effectText(ctx, g)]),
        ')',
      );
    if (Array.isArray(e.onTrigger))
      parts.push(
        ' → ',
        e.onTrigger.map((g: Record<string, any>, i: number) => [i ? ', ' : '', effectText(ctx, g)]),
      );
  }
  if (e.negative) parts.push(` (${term('negative') ?? 'negative'})`);
  return parts;
}

function usesText(item: MafiaItem): string {
  switch (item.uses) {
    case 'one-use':
      return `${term('uses-one-use')}${item.afterUse === 'destroyed' ? `, ${term('after-destroyed')}` : ''}`;
    case 'multi-use':
      return t('uses-multi', { n: item.charges ?? 0 });
    case 'reloadable':
      return t('uses-reload', { n: item.interval ?? 0 });
    case 'infinite':
      return term('uses-infinite') ?? 'infinite';
    default:
      return '—';
  }
}

function itemCard(ctx: Ctx, item: MafiaItem, heading: 'h3' | 'h4'): HTMLElement {
  // Both names of the catalog, whichever is not the one shown.
  const shown = nameText(ctx, item.id);
  const other = [item.name.ru, item.name.en].find((n) => n !== shown) ?? otherName('mafia', item.id);
  const kind = `${term(`kind-${item.kind}`) ?? item.kind}${item.instant ? `, ${term('instant')}` : ''}`;
  const card = cardOf(lang(), 'mafia', item.id);
  const effects = [
    ...item.effect.map((e) => effectText(ctx, e)),
    ...item.passive.map((e) => effectText(ctx, e)),
    ...item.global.map((e) => effectText(ctx, e)),
  ];
  return h(
    'article',
    { class: `item-card r-${item.rarity}`, 'data-item': item.id },
    h(heading, null, shown, other ? h('small', null, ` · ${other}`) : null),
    h(
      'dl',
      null,
      h('dt', null, t('rarity')),
      h('dd', null, fmtValue(ctx, item.rarity)),
      h('dt', null, t('kind')),
      h('dd', null, kind),
      item.phase ? [h('dt', null, t('phase')), h('dd', null, term(`phase-${item.phase}`) ?? item.phase)] : null,
      item.scope ? [h('dt', null, t('scope')), h('dd', null, term(`scope-${item.scope}`) ?? item.scope)] : null,
      h('dt', null, t('uses')),
      h('dd', null, usesText(item)),
      item.set ? [h('dt', null, t('set')), h('dd', null, fmtValue(ctx, item.set))] : null,
      item.unique ? [h('dt', null, t('unique')), h('dd', null, term('yes') ?? 'yes')] : null,
      item.starting.length ? [h('dt', null, t('starting-for')), h('dd', null, fmtValue(ctx, item.starting))] : null,
      h('dt', null, t('effect')),
      h('dd', null, effects.length ? effects.map((e, i) => [i ? '; ' : '', e]) : '—'),
    ),
    // Issue 44: the item in words, beside its data.
    card ? cardBody(card) : null,
  );
}

/** The whole catalog with filters: rarity, kind, phase and a text search; `heading` follows the page's outline. */
export function catalogBrowser(ctx: Ctx, heading: 'h3' | 'h4' = 'h4'): HTMLElement {
  const list = h('div', { class: 'catalog-list' });
  const rarity = h(
    'select',
    { 'aria-label': t('rarity') },
    h('option', { value: '' }, t('all')),
    RARITIES.map((r) => h('option', { value: r }, nameText(ctx, r))),
  );
  const kinds = [...new Set(MAFIA_CATALOG.items.map((i) => i.kind))];
  const kind = h(
    'select',
    { 'aria-label': t('kind') },
    h('option', { value: '' }, t('all')),
    kinds.map((k) => h('option', { value: k }, term(`kind-${k}`) ?? k)),
  );
  const phase = h(
    'select',
    { 'aria-label': t('phase') },
    h('option', { value: '' }, t('all')),
    ['day', 'night'].map((p) => h('option', { value: p }, term(`phase-${p}`) ?? p)),
  );
  const qid = nextId('q');
  const query = h('input', { id: qid, type: 'search', placeholder: t('search-items') });
  const render = () => {
    const q = query.value.trim().toLowerCase();
    const items = MAFIA_CATALOG.items.filter(
      (i) =>
        (!rarity.value || i.rarity === rarity.value) &&
        (!kind.value || i.kind === kind.value) &&
        (!phase.value || i.phase === phase.value) &&
        (!q || `${i.id} ${i.name.ru} ${i.name.en}`.toLowerCase().includes(q)),
    );
    list.replaceChildren(...items.map((i) => itemCard(ctx, i, heading)));
    if (!items.length) list.appendChild(h('p', null, t('no-items')));
  };
  for (const el of [rarity, kind, phase]) el.addEventListener('change', render);
  query.addEventListener('input', render);
  render();
  const sets = MAFIA_CATALOG.sets.map((set) =>
    h(
      'article',
      { class: 'item-card set', 'data-set': set.id },
      h(heading, null, nameText(ctx, set.id), otherName('mafia', set.id) ? h('small', null, ` · ${otherName('mafia', set.id)}`) : null),
      h(
        'dl',
        null,
        h('dt', null, t('pieces')),
        h('dd', null, fmtValue(ctx, set.pieces)),
        h('dt', null, t('set-passive')),
        h(
          'dd',
          null,
          set.passive.map((e, i) => [i ? '; ' : '', effectText(ctx, e)]),
        ),
        set.active
          ? [
              h('dt', null, t('set-active')),
              h(
                'dd',
                null,
                set.active.effect.map((e: Record<string, any>, i: number) => [i ? '; ' : '', effectText(ctx, e)]),
                ` (${t('uses-reload', { n: set.active.interval ?? 0 })})`,
              ),
            ]
          : null,
      ),
    ),
  );
  return h(
    'div',
    { class: 'catalog' },
    h('div', { class: 'filters' }, h('label', { for: qid, class: 'sr-only' }, t('search-items')), query, rarity, kind, phase),
    list,
    h(heading, null, t('sets')),
    h('div', { class: 'catalog-list' }, sets),
  );
}

export interface RandomizerStart {
  findBonus?: number;
  theftBonus?: number;
  luck?: number;
  curse?: number;
}

/** The "randomizer": choose a search or theft and its circumstances, see the chances and roll. */
export function randomizer(ctx: Ctx, settings: OddsSettings, start: RandomizerStart = {}): HTMLElement {
  const field = (label: string, control: HTMLElement) => {
    const id = nextId('rz');
    control.id = id;
    return h('div', { class: 'field' }, h('label', { for: id }, label), control);
  };
  const actions: OddsAction[] = ['search-random', 'search-map', 'search-set', 'search-antidote', 'steal'];
  const action = h(
    'select',
    { name: 'action' },
    actions.map((a) => h('option', { value: a }, t(`rz-${a}`))),
  );
  const rarity = h(
    'select',
    { name: 'rarity' },
    RARITIES.map((r) => h('option', { value: r }, nameText(ctx, r))),
  );
  const prepared = h('input', { type: 'checkbox', name: 'prepared' });
  const num = (name: string, value: number, min = -100, max = 200) => h('input', { type: 'number', name, value, min, max, step: 1 });
  const bonus = num('bonus', start.findBonus ?? 0);
  const pieces = num('pieces', 1, 1, 10);
  const night = h('select', { name: 'antidote-night' }, h('option', { value: '1' }, '1'), h('option', { value: '2' }, '2'));
  const luck = num('luck', start.luck ?? 0, 0, 100);
  const curse = num('curse', start.curse ?? 0, 0, 100);
  const theftAvoid = num('theft-avoid', 0, 0, 100);
  const bandit = h('input', { type: 'checkbox', name: 'bandit-on-bandit' });
  const out = h('div', { class: 'odds-out', role: 'status', 'aria-live': 'polite' });
  const rollOut = h('p', { class: 'roll-out', 'aria-live': 'polite' });

  const rows = {
    rarity: field(t('rarity'), rarity),
    prepared: h('div', { class: 'field check' }, prepared, h('label', { for: (prepared.id = nextId('rz')) }, t('rz-prepared'))),
    bonus: field(t('rz-bonus-find'), bonus),
    pieces: field(t('rz-pieces'), pieces),
    night: field(t('rz-antidote-night'), night),
    luck: field(fmtText(ctx, 'luck'), luck),
    curse: field(fmtText(ctx, 'curse'), curse),
    theftAvoid: field(t('rz-theft-avoid'), theftAvoid),
    bandit: h('div', { class: 'field check' }, bandit, h('label', { for: (bandit.id = nextId('rz')) }, t('rz-bandit-on-bandit'))),
  };
  let lastAction = action.value;
  const input = (): OddsInput => ({
    action: action.value as OddsAction,
    rarity: rarity.value as OddsRarity,
    prepared: prepared.checked,
    bonus: Number(bonus.value) || 0,
    piecesHeld: Number(pieces.value) || 1,
    antidoteNight: night.value === '2' ? 2 : 1,
    luck: Number(luck.value) || 0,
    curse: Number(curse.value) || 0,
    theftAvoid: Number(theftAvoid.value) || 0,
    banditOnBandit: bandit.checked,
  });
  const pct = (x: number) => `${Math.round(x * 1000) / 10}%`;
  const update = () => {
    const a = action.value as OddsAction;
    if (a !== lastAction) {
      // The bonus that counts differs: find for searches, theft for thefts.
      bonus.value = String((a === 'steal' ? start.theftBonus : start.findBonus) ?? 0);
      lastAction = a;
    }
    const isSteal = a === 'steal';
    const isAntidote = a === 'search-antidote';
    rows.rarity.hidden = isAntidote;
    rows.prepared.hidden = isAntidote;
    rows.bonus.hidden = isAntidote;
    (rows.bonus.querySelector('label') as HTMLElement).textContent = isSteal ? t('rz-bonus-theft') : t('rz-bonus-find');
    rows.pieces.hidden = a !== 'search-set';
    rows.night.hidden = !isAntidote;
    rows.luck.hidden = isAntidote;
    rows.curse.hidden = isAntidote;
    rows.theftAvoid.hidden = !isSteal;
    rows.bandit.hidden = !isSteal;
    for (const opt of rarity.options) opt.disabled = (isSteal || a === 'search-set') && opt.value === 'thing';
    if (rarity.selectedOptions[0]?.disabled) rarity.value = 'relic';
    const o = odds(settings, input());
    const steps: Child[] = o.terms.map((term_, i) => [
      i ? ' + ' : '',
      h('span', { title: t(`rz-term-${term_.id}`) }, `${term_.value}`),
      h('small', null, ` ${t(`rz-term-${term_.id}`)}`),
    ]);
    mount(
      out,
      h('p', null, t('rz-check'), ': ', steps, ' = ', h('b', { 'data-testid': 'odds-chance' }, `${o.chance}%`)),
      !isAntidote && o.afterLuck !== o.own ? h('p', null, t('rz-after-luck'), ': ', pct(o.afterLuck)) : null,
      !isAntidote && o.afterCurse !== o.afterLuck ? h('p', null, t('rz-after-curse'), ': ', pct(o.afterCurse)) : null,
      isSteal && o.final !== o.afterCurse ? h('p', null, t('rz-after-avoid'), ': ', pct(o.final)) : null,
      h('p', { class: 'final' }, t('rz-final'), ': ', h('b', { 'data-testid': 'odds-final' }, pct(o.final))),
    );
  };
  const roll = () => {
    const o = odds(settings, input());
    const d = () => 1 + Math.floor(Math.random() * 100);
    const lines: string[] = [];
    let ok: boolean;
    if (o.chance <= 0) ok = false;
    else if (o.chance >= 100) ok = true;
    else {
      const r = d();
      ok = r <= o.chance;
      lines.push(t('rz-roll', { roll: r, chance: o.chance }));
    }
    const a = input();
    if (a.action !== 'search-antidote' && !(a.action === 'steal' && a.banditOnBandit)) {
      if (!ok && a.luck > 0) {
        const r = d();
        ok = r <= a.luck;
        lines.push(`${fmtText(ctx, 'luck')}: ${t('rz-roll', { roll: r, chance: a.luck })}`);
      }
      if (ok && a.curse > 0) {
        const r = d();
        ok = !(r <= a.curse);
        lines.push(`${fmtText(ctx, 'curse')}: ${t('rz-roll', { roll: r, chance: a.curse })}`);
      }
      if (ok && a.action === 'steal' && (a.theftAvoid ?? 0) > 0) {
        const r = d();
        ok = !(r <= (a.theftAvoid ?? 0));
        lines.push(`${t('rz-theft-avoid')}: ${t('rz-roll', { roll: r, chance: a.theftAvoid ?? 0 })}`);
      }
    }
    rollOut.textContent = `${lines.join(' · ')}${lines.length ? ' → ' : ''}${ok ? t('rz-success') : t('rz-failure')}`;
    rollOut.className = `roll-out ${ok ? 'ok' : 'fail'}`;
  };
  const form = h(
    'form',
    { class: 'randomizer', onsubmit: (e: Event) => (e.preventDefault(), roll()) },
    field(t('rz-action'), action),
    Object.values(rows),
    out,
    h('div', { class: 'buttons' }, h('button', { type: 'submit', class: 'primary' }, t('rz-roll-button'))),
    rollOut,
    h('p', { class: 'hint' }, t('rz-hint')),
  );
  form.addEventListener('input', update);
  form.addEventListener('change', update);
  update();
  return form;
}

function fmtText(ctx: Ctx, id: string): string {
  return nameText(ctx, id);
}
