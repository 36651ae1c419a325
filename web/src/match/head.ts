// The page's head: the match's name, ruleset, status, phase, a countdown to the deadline, the winner.
import { serverNow } from '../api.js';
import { h } from '../dom.js';
import { fmtValue, formatDuration, formatTime, type Ctx } from '../format.js';
import { phaseLabel, t, term } from '../lang.js';
import { Slot } from '../ui.js';
import { namesKey, type MatchState } from './state.js';

export function headPanel(state: MatchState) {
  const slot = new Slot(h('div'));
  const countdown = h('span', { class: 'countdown', 'data-testid': 'countdown' });

  function tick(): void {
    const s = state.summary;
    if (!s) return;
    let text = '';
    if (s.status === 'running' && s.deadline) {
      const left = s.deadline - serverNow();
      text = left > 0 ? t('closes-in', { left: formatDuration(left), at: formatTime(s.deadline) }) : t('closing-now');
    } else if (s.status === 'paused') text = t('paused-left', { left: formatDuration(s.remainingMs ?? 0) });
    else if (s.status === 'lobby') text = t('lobby-waiting', { n: s.players.length });
    else if (s.status === 'ended') text = t('match-over');
    if (countdown.textContent !== text) countdown.textContent = text;
  }
  const clock = window.setInterval(tick, 1000);

  return {
    el: slot.el,
    render(c: Ctx): void {
      const { me, summary: s } = state;
      if (!s) return;
      slot.set([s.name, s.ruleset, s.status, s.phase, s.winner, namesKey(c), me?.name], () =>
        h(
          'div',
          { class: 'head-row' },
          h('h1', null, s.name),
          h('span', { class: 'badge' }, t(`ruleset-${s.ruleset}`)),
          h('span', { class: `badge status-${s.status}`, 'data-testid': 'status' }, term(s.status) ?? s.status),
          s.sandbox ? h('span', { class: 'badge' }, t('sandbox')) : null,
          h('span', { class: 'phase', 'data-testid': 'phase', 'data-phase': s.phase ?? '' }, phaseLabel(s.phase)),
          countdown,
          s.winner ? h('span', { class: 'winner', 'data-testid': 'winner' }, t('winner'), ': ', fmtValue(c, s.winner)) : null,
          me ? h('span', { class: 'you-are' }, t('playing-as'), ' ', h('b', null, me.name)) : null,
        ),
      );
      tick();
    },
    stop: () => clearInterval(clock),
  };
}
