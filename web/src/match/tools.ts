// The ruleset's tools beside the play: the Kill Game market, the Mafia catalog and randomizer.
import { h, type Child } from '../dom.js';
import type { Ctx } from '../format.js';
import { marketPanel } from '../killgame.js';
import { t } from '../lang.js';
import { catalogBrowser, oddsSettings, randomizer } from '../mafia.js';
import { panel, Slot } from '../ui.js';
import { boardOf, type MatchState } from './state.js';

export function toolsPanel(state: MatchState) {
  const slot = new Slot(h('div'));
  return {
    el: slot.el,
    render(c: Ctx): void {
      const s = state.summary;
      if (!s) return;
      const view = state.me?.view ?? null;
      const board = boardOf(state);
      slot.set([s.ruleset, board?.market, s.status, view?.me?.stats], () => {
        const out: Child[] = [];
        if (s.ruleset === 'killgame' && board?.market)
          out.push(panel(t('kg-market'), marketPanel(c, board.market, s.settings['market-trades'])));
        if (s.ruleset === 'mafia') {
          const stats = (view?.me?.stats ?? {}) as Record<string, number>;
          out.push(
            panel(
              t('mafia-randomizer'),
              randomizer(c, oddsSettings(s.settings), {
                findBonus: stats['find-bonus'],
                theftBonus: stats['theft-bonus'],
                luck: stats.luck,
                curse: stats.curse,
              }),
              { id: 'randomizer' },
            ),
            h(
              'details',
              { class: 'panel', 'data-keep': 'catalog' },
              h('summary', null, h('h3', { class: 'inline' }, t('mafia-catalog'))),
              catalogBrowser(c),
            ),
          );
        }
        return out;
      });
    },
  };
}
