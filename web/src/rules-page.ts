// The rules page of a ruleset (`#/rules/lupus?lang=it`): the game in a few lines and every card,
// grouped as the engine groups them, for a GM to link from the forum's rules thread.
import { ROLES as LUPUS_ROLES } from '../../engine/rulesets/lupus/roles.js';
import { itemClass } from '../../engine/rulesets/killgame/catalog.js';
import { cardBody, cardTitle } from './card-dialog.js';
import { CARDS, isCardRuleset, type CardRuleset } from './cards.js';
import { h, mount, type Child } from './dom.js';
import { lang, t } from './lang.js';
import { gameName, MAFIA_CATALOG } from './names.js';

interface Group {
  title: string;
  ids: string[];
}

function groups(ruleset: CardRuleset, ids: string[]): Group[] {
  const by = (key: (id: string) => string, title: (k: string) => string): Group[] => {
    const out = new Map<string, string[]>();
    for (const id of ids) out.set(key(id), [...(out.get(key(id)) ?? []), id]);
    return [...out].map(([k, list]) => ({ title: title(k), ids: list }));
  };
  if (ruleset === 'lupus')
    return by(
      (id) => LUPUS_ROLES[id as keyof typeof LUPUS_ROLES]?.faction ?? 'lone',
      (f) => gameName('lupus', f) ?? f,
    );
  if (ruleset === 'killgame')
    return by(
      (id) => itemClass(id) ?? 'item',
      (c) => t(`kg-class-${c}`),
    );
  const rarity = new Map(MAFIA_CATALOG.items.map((i) => [i.id, i.rarity]));
  const specialties = ['archaeologist', 'blacksmith', 'guard', 'mage'];
  return by(
    (id) => rarity.get(id) ?? (specialties.includes(id) ? 'specialties' : 'roles'),
    (k) => (k === 'roles' || k === 'specialties' ? t(`rules-${k}`) : `${t('rules-items')}: ${gameName('mafia', k) ?? k}`),
  );
}

export function rulesPage(main: HTMLElement, ruleset: string): void {
  if (!isCardRuleset(ruleset)) {
    mount(main, h('h1', null, t('nav-rules')), h('p', { class: 'banner warn' }, t('rules-unknown')));
    return;
  }
  const book = CARDS[lang()][ruleset];
  const name = t(`ruleset-${ruleset}`);
  document.title = `${t('rules-title', { ruleset: name })} · dusk`;
  const section = (g: Group): Child =>
    h(
      'section',
      { class: 'panel rules-group' },
      h('h2', { class: 'panel-title' }, g.title),
      g.ids.map((id) =>
        h(
          'article',
          { class: 'rule-card', id: `card-${id}`, 'data-card': id },
          h('h3', null, cardTitle(ruleset, id)),
          cardBody(book.cards[id]!),
        ),
      ),
    );
  mount(
    main,
    h('h1', null, t('rules-title', { ruleset: name })),
    h('p', { class: 'rules-intro', 'data-testid': 'rules-intro' }, book.intro),
    h(
      'nav',
      { class: 'rules-nav', 'aria-label': t('nav-rules') },
      ['lupus', 'mafia', 'killgame'].map((r) =>
        h('a', { href: `#/rules/${r}?lang=${lang()}`, 'aria-current': r === ruleset ? 'page' : undefined }, t(`ruleset-${r}`)),
      ),
    ),
    groups(ruleset, Object.keys(book.cards)).map(section),
  );
}
