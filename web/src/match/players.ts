// Who plays: alive or dead, the reader himself, what he knows of each, who the start would leave out.
import { h } from '../dom.js';
import { fmtValue, type Ctx } from '../format.js';
import { fieldLabel, t } from '../lang.js';
import { panel } from '../ui.js';
import type { MatchState } from './state.js';
import { summaryPanel } from './summary-panel.js';

function playersList(
  ctx: Ctx,
  players: Array<{ id: string; name: string; alive?: boolean; role?: string }>,
  known: Record<string, Record<string, unknown>> = {},
  me?: string,
  notDealt: string[] = [],
  ruleset = '',
): HTMLElement {
  return h(
    'ul',
    { class: 'players', 'data-testid': 'players' },
    players.map((p) => {
      const k = known[p.id];
      return h(
        'li',
        { class: p.alive === false ? 'dead' : '', 'data-player': p.id },
        h('span', { class: 'life', 'aria-label': p.alive === false ? t('dead') : t('alive') }, p.alive === false ? '✝' : '●'),
        ' ',
        h('span', { class: p.id === me ? 'pl me' : 'pl' }, ctx.players.get(p.id) ?? p.name),
        p.id === me ? h('small', null, ` (${t('you')})`) : null,
        p.role ? h('small', { class: 'known' }, ' — ', fmtValue(ctx, p.role)) : null,
        notDealt.includes(p.id)
          ? h('small', { class: 'badge warn', 'data-testid': 'not-dealt', 'data-not-dealt': p.id }, ' ', t(`not-dealt-${ruleset}`))
          : null,
        k
          ? h(
              'small',
              { class: 'known', 'data-known': p.id },
              ' — ',
              Object.entries(k).map(([f, v], i) => [i ? ', ' : '', fieldLabel(f), ': ', fmtValue(ctx, v)]),
            )
          : null,
      );
    }),
  );
}

export function playersPanel(state: MatchState) {
  return summaryPanel(state, (slot, c, s, me) => {
    const view = me?.view ?? null;
    const playerList = view?.players ?? s.players;
    const notDealt = s.status === 'lobby' ? (s.notDealt ?? []) : [];
    slot.set([playerList, view?.known, me?.playerId, notDealt, [...c.players]], () =>
      panel(t('players'), [
        notDealt.length
          ? h(
              'p',
              { class: 'banner warn', 'data-testid': 'dealt-count' },
              t('dealt-count', { dealt: playerList.length - notDealt.length, joined: playerList.length }),
            )
          : null,
        playersList(c, playerList, (view?.known ?? {}) as Record<string, Record<string, unknown>>, me?.playerId, notDealt, s.ruleset),
      ]),
    );
  });
}
