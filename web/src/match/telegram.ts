// Telegram on the page (issue 45): the GM's one-time `/bind <code>` for the group and a player's
// one-time deep link to the bot; shown only when the server runs a bot (the summary's `telegram`).
import { api } from '../api.js';
import { h } from '../dom.js';
import { t } from '../lang.js';
import { copyField } from '../ui.js';
import { fail } from './state.js';

/** The GM's "Telegram group": asks for a code and shows the command to paste in the group. */
export function gmTelegram(matchId: string, token: string): HTMLElement {
  const result = h('div', { 'aria-live': 'polite' });
  const ask = h('button', { type: 'button', 'data-testid': 'gm-telegram-code' }, t('tg-group-code'));
  ask.addEventListener('click', async () => {
    ask.disabled = true;
    try {
      const { command, bot } = await api('POST', '/api/matches/{id}/gm/telegram-code', { params: { id: matchId }, token });
      result.replaceChildren(
        copyField(t('tg-group-command'), command, { testid: 'telegram-command' }),
        h(
          'p',
          null,
          h('small', null, t('tg-code-once'), ' '),
          h('a', { href: bot, target: '_blank', rel: 'noopener noreferrer', 'data-testid': 'telegram-bot' }, t('tg-open-bot')),
        ),
      );
    } catch (error) {
      fail(error);
    } finally {
      ask.disabled = false;
    }
  });
  return h(
    'details',
    { class: 'telegram', 'data-keep': 'gm-telegram', 'data-testid': 'gm-telegram' },
    h('summary', null, t('tg-group')),
    h('p', null, h('small', null, t('tg-group-hint'))),
    ask,
    result,
  );
}

/** A player's "Play from Telegram": asks for his deep link and shows it to open. */
export function playerTelegram(matchId: string, token: string): HTMLElement {
  const result = h('div', { 'aria-live': 'polite' });
  const ask = h('button', { type: 'button', 'data-testid': 'telegram-play' }, t('tg-play'));
  ask.addEventListener('click', async () => {
    ask.disabled = true;
    try {
      const { link } = await api('POST', '/api/matches/{id}/telegram-link', { params: { id: matchId }, token });
      result.replaceChildren(
        h(
          'p',
          null,
          h(
            'a',
            { class: 'button', href: link, target: '_blank', rel: 'noopener noreferrer', 'data-testid': 'telegram-link' },
            t('tg-open-link'),
          ),
        ),
        h('p', null, h('small', null, t('tg-link-once'))),
      );
    } catch (error) {
      fail(error);
    } finally {
      ask.disabled = false;
    }
  });
  return h('div', { class: 'telegram', 'data-testid': 'telegram' }, ask, result);
}
