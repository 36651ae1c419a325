// The record: the player's private messages, and the public record phase by phase.
import type { Ctx } from '../format.js';
import { t } from '../lang.js';
import { panel, Slot } from '../ui.js';
import { phaseGroups } from './events.js';
import { namesKey, type MatchState } from './state.js';
import { h } from '../dom.js';

export function recordPanels(state: MatchState) {
  const privates = new Slot(h('div'));
  const record = new Slot(h('div'));
  return {
    privates: privates.el,
    record: record.el,
    render(c: Ctx): void {
      const { me, gm, summary: s } = state;
      if (!s) return;
      if (me) {
        const mine = me.events.filter((e) => e.to === me.playerId);
        privates.set([mine, namesKey(c)], () =>
          panel(t('private-messages'), phaseGroups(c, mine, s.phase, { testid: 'private' }), { id: 'private' }),
        );
      } else privates.set(null, () => null);
      const shown = (me ? me.events : gm ? gm.events : state.publicEvents).filter((e) => e.to === 'public' && e.kind !== 'message');
      const older = state.hasOlder();
      record.set([shown, s.phase, namesKey(c), state.votes, older], () =>
        panel(
          t('public-record'),
          [
            phaseGroups(c, shown, s.phase, { tally: state.votes, testid: 'record', posts: state.matchId }),
            older ? earlierButton(state) : null,
          ],
          { id: 'record' },
        ),
      );
    },
  };
}

/** Reads the record's page before the oldest event shown (a long match shows its newest page first). */
function earlierButton(state: MatchState): HTMLElement {
  const button = h('button', { type: 'button', class: 'ghost small', 'data-testid': 'record-earlier' }, t('record-earlier'));
  button.addEventListener('click', () => {
    button.disabled = true;
    void state.older().finally(() => (button.disabled = false));
  });
  return button;
}
