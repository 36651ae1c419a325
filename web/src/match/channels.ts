// The player's channels: a tab each (those he left stay, read-only), the messages, and a box to write
// in where the server says he may; a message arriving never takes the focus from one being typed.
import { api } from '../api.js';
import { h, nextId } from '../dom.js';
import { fmtValue, nameText, renderEvent, type Ctx } from '../format.js';
import { phaseLabel, t } from '../lang.js';
import { panel, Slot } from '../ui.js';
import { eventList } from './events.js';
import { channelTelegram } from './telegram.js';
import { fail, guard, namesKey, playerToken, type MatchState } from './state.js';

export function channelsPanel(state: MatchState) {
  const slot = new Slot(h('div'));
  const chanTabs = new Slot(h('div'));
  const chanList = new Slot(h('div'));
  const chanComposer = new Slot(h('div'));
  const composers = new Map<string, HTMLElement>();
  /** The channel the reader chose to look at. */
  let channel = 'public';

  /** The message box of a channel, kept while the page lives so a half-written message survives. */
  function composerFor(ch: string): HTMLElement {
    const known = composers.get(ch);
    if (known) return known;
    const id = nextId('msg');
    const area = h('textarea', { id, rows: 2, maxlength: 2000, placeholder: t('write-message') });
    const send = h('button', { type: 'submit', class: 'primary' }, t('post'));
    const form = h(
      'form',
      {
        class: 'composer',
        'data-channel': ch,
        onsubmit: async (e: Event) => {
          e.preventDefault();
          if (!area.value.trim()) return;
          send.disabled = true;
          try {
            await api('POST', '/api/matches/{id}/channels/{channel}/messages', {
              params: { id: state.matchId, channel: ch },
              body: { text: area.value, ...guard(state) },
              token: playerToken(state),
            });
            area.value = '';
            await state.refresh();
          } catch (error) {
            fail(error);
          } finally {
            send.disabled = false;
          }
        },
      },
      h('label', { for: id, class: 'sr-only' }, t('write-message')),
      area,
      send,
    );
    composers.set(ch, form);
    return form;
  }

  return {
    el: slot.el,
    render(c: Ctx): void {
      const { me, gm, summary } = state;
      if (!me || !summary || summary.status === 'lobby') {
        if (!me && summary && summary.status !== 'lobby') {
          const messages = (gm ? gm.events : state.publicEvents).filter((e) => e.kind === 'message' && (gm ? true : e.to === 'public'));
          slot.set([messages], () => (messages.length ? panel(t('channels'), eventList(c, messages, { audience: Boolean(gm) })) : null));
        } else slot.set(null, () => null);
        return;
      }
      const own = me.playerId;
      const listed = me.view?.me?.channels;
      // The channels the ruleset says he belongs to now; others he read before stay, read-only.
      const open = new Set<string>(['public', ...(Array.isArray(listed) ? listed : [])]);
      const ids = new Set<string>(open);
      for (const e of me.events) if (e.to !== 'public' && e.to !== own) ids.add(e.to);
      if (!Array.isArray(listed)) for (const id of ids) open.add(id);
      const channels = [...ids];
      if (!channels.includes(channel)) channel = 'public';
      const of = (ch: string) => me!.events.filter((e) => e.to === ch && (ch !== 'public' || e.kind === 'message'));
      const counts = channels.map((ch) => of(ch).length);
      const current = of(channel);
      // The server says where he may write now (a dead player reads the square but may not post in it).
      const writable = me.writable ? me.writable.includes(channel) : open.has(channel);
      const readOnly = !open.has(channel) ? 'channel-closed' : me.view?.me?.alive === false ? 'channel-dead' : 'channel-read-only';
      // One panel whose parts update apart: a message arriving never takes the focus from the one being typed.
      slot.set(['player'], () =>
        panel(t('channels'), [chanTabs.el, h('div', { role: 'tabpanel' }, chanList.el, chanComposer.el)], { id: 'channels' }),
      );
      chanTabs.set([channels, counts, channel, [...open], namesKey(c)], () =>
        h(
          'div',
          { class: 'tabs', role: 'tablist' },
          channels.map((ch, i) =>
            h(
              'button',
              {
                type: 'button',
                role: 'tab',
                'aria-selected': ch === channel ? 'true' : 'false',
                'data-channel': ch,
                'data-archived': open.has(ch) ? undefined : 'true',
                title: open.has(ch) ? undefined : t('channel-closed'),
                onclick: () => {
                  channel = ch;
                  state.render();
                },
              },
              nameText(c, ch),
              open.has(ch) ? null : ' 🔒',
              h('small', null, ` ${counts[i]}`),
            ),
          ),
        ),
      );
      chanList.set([channel, current, namesKey(c)], () =>
        current.length
          ? h(
              'ol',
              { class: 'messages', 'data-testid': `channel-${channel}` },
              current.map((e) =>
                e.kind === 'message'
                  ? h(
                      'li',
                      { class: 'msg', 'data-from': String(e.from ?? '') },
                      h('span', { class: 'from' }, typeof e.from === 'string' ? fmtValue(c, e.from) : '?'),
                      ' ',
                      h('span', { class: 'text' }, String(e.text ?? '')),
                      h('small', { class: 'ph' }, ` ${phaseLabel(e.phase)}`),
                    )
                  : h('li', { class: 'sys' }, renderEvent(c, e)),
              ),
            )
          : h('p', { class: 'empty', 'data-testid': `channel-${channel}` }, t('no-messages')),
      );
      // A private channel he reads now may have a Telegram group of its own, when the server runs a bot.
      const token = playerToken(state);
      const mirror = Boolean(summary.telegram && summary.status !== 'ended' && token && channel !== 'public' && open.has(channel));
      chanComposer.set([channel, writable, readOnly, mirror], () => [
        writable ? composerFor(channel) : h('p', { class: 'empty', 'data-testid': 'read-only' }, t(readOnly)),
        mirror && token ? channelTelegram(state.matchId, token, channel) : null,
      ]);
    },
  };
}
