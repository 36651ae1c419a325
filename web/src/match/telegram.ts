// Telegram on the page (issue 45): the GM's one-time `/bind <code>` for the group, a player's one-time
// deep link to the bot, and a channel member's `/bind <code>` for a group mirroring his private channel;
// shown only when the server runs a bot (the summary's `telegram`).
import { api } from '../api.js';
import { h } from '../dom.js';
import { t } from '../lang.js';
import { copyField } from '../ui.js';
import { fail } from './state.js';

/** A button that asks for a `/bind <code>` and shows the command to paste in the group. */
function bindCommand(label: string, testid: string, code: () => Promise<{ command: string; bot: string }>) {
  const result = h('div', { 'aria-live': 'polite' });
  const ask = h('button', { type: 'button', 'data-testid': testid }, label);
  ask.addEventListener('click', async () => {
    ask.disabled = true;
    try {
      const { command, bot } = await code();
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
  return [ask, result];
}

/** The GM's "Telegram group": asks for a code and shows the command to paste in the group. */
export function gmTelegram(matchId: string, token: string): HTMLElement {
  return h(
    'details',
    { class: 'telegram', 'data-keep': 'gm-telegram', 'data-testid': 'gm-telegram' },
    h('summary', null, t('tg-group')),
    h('p', null, h('small', null, t('tg-group-hint'))),
    bindCommand(t('tg-group-code'), 'gm-telegram-code', () =>
      api('POST', '/api/matches/{id}/gm/telegram-code', { params: { id: matchId }, token }),
    ),
  );
}

/** A private channel's "Telegram group": its member asks for a code for a new group that mirrors the channel. */
export function channelTelegram(matchId: string, token: string, channel: string): HTMLElement {
  return h(
    'details',
    { class: 'telegram', 'data-keep': `channel-telegram-${channel}`, 'data-testid': 'channel-telegram' },
    h('summary', null, t('tg-channel-group')),
    h('p', null, h('small', null, t('tg-channel-group-hint'))),
    bindCommand(t('tg-channel-group-code'), 'channel-telegram-code', () =>
      api('POST', '/api/matches/{id}/channels/{channel}/telegram-code', { params: { id: matchId, channel }, token }),
    ),
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
