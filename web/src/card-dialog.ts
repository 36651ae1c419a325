// A game thing's card opened by a tap: its name is a button, the card a modal dialog (phones show no tooltips).
import { cardOf, type Card } from './cards.js';
import { h, type Child } from './dom.js';
import { lang, t } from './lang.js';
import { gameName, otherName } from './names.js';

let dialog: HTMLDialogElement | null = null;

/** The card's lines, as a definition list (shared by the dialog and the rules page). */
export function cardBody(card: Card): HTMLElement {
  const line = (key: string, text: string | undefined): Child => (text ? [h('dt', null, t(key)), h('dd', null, text)] : null);
  return h(
    'dl',
    { class: 'card-lines' },
    line('card-does', card.does),
    line('card-when', card.when),
    line('card-side', card.side),
    line('card-limits', card.limits),
  );
}

/** The heading of a card: the shown name, and the other form of it when there is one. */
export function cardTitle(ruleset: string, id: string): Child[] {
  const other = otherName(ruleset, id);
  return [gameName(ruleset, id) ?? id, other ? h('small', null, ` · ${other}`) : null];
}

export function openCard(ruleset: string, id: string, opener?: HTMLElement): void {
  const card = cardOf(lang(), ruleset, id);
  if (!card) return;
  dialog?.remove();
  const close = () => dialog?.close();
  const titleId = `card-title-${id}`;
  dialog = h(
    'dialog',
    { class: 'card-dialog', 'aria-labelledby': titleId, 'data-testid': 'card-dialog', 'data-card': id },
    h('h2', { id: titleId }, cardTitle(ruleset, id)),
    cardBody(card),
    h(
      'p',
      { class: 'card-foot' },
      h('a', { href: `#/rules/${ruleset}?lang=${lang()}`, onclick: close }, t('rules-all', { ruleset: t(`ruleset-${ruleset}`) })),
      h('button', { type: 'button', class: 'primary', onclick: close, 'data-testid': 'card-close' }, t('card-close')),
    ),
  );
  // A tap outside the card closes it too.
  dialog.addEventListener('click', (e: MouseEvent) => {
    if (e.target === dialog) close();
  });
  dialog.addEventListener('close', () => opener?.focus());
  document.body.appendChild(dialog);
  dialog.showModal();
}

/** A game name that opens its card when tapped; plain text when the thing has no card. */
export function cardName(ruleset: string, id: string, text: string, title?: string): HTMLElement | null {
  if (!cardOf(lang(), ruleset, id)) return null;
  const button: HTMLButtonElement = h(
    'button',
    {
      type: 'button',
      class: 'gn card-link',
      'aria-haspopup': 'dialog',
      'data-card': id,
      title,
      onclick: () => openCard(ruleset, id, button),
    },
    text,
  );
  return button;
}

/** A small ? button beside a name that cannot itself be a button (inside a form label). */
export function cardInfo(ruleset: string, id: string): HTMLElement | null {
  if (!cardOf(lang(), ruleset, id)) return null;
  const name = gameName(ruleset, id) ?? id;
  const button: HTMLButtonElement = h(
    'button',
    {
      type: 'button',
      class: 'card-info',
      'aria-haspopup': 'dialog',
      'aria-label': `${name}: ${t('card-does')}`,
      'data-card': id,
      onclick: () => openCard(ruleset, id, button),
    },
    '?',
  );
  return button;
}
