// The open day's vote count at the top of the page: the server's count as it is (GET /votes, decision 8),
// the ruleset's way of deciding it, the L-1 marks, who has not voted, the deadline and the changes.
import type { VoteCount } from '../../../functions/api/answers.js';
import { h, type Child } from '../dom.js';
import { formatDuration, formatTime, playerNode, type Ctx } from '../format.js';
import { phaseLabel, t } from '../lang.js';
import { serverNow } from '../api.js';

export type ServerCount = VoteCount;

const names = (ctx: Ctx, ids: string[]): Child => (ids.length ? ids.map((id, i) => [i ? ', ' : '', playerNode(ctx, id)]) : '—');

function change(ctx: Ctx, c: VoteCount['history'][number]): HTMLElement {
  const at = c.at !== null ? h('small', { class: 'at' }, formatTime(c.at), ' ') : null;
  // No verb: an arrow or a noun reads the same for any voter's gender.
  const what: Child = c.change === 'vote' && c.target ? [' → ', playerNode(ctx, c.target)] : [': ', t(`vote-change-${c.change}`)];
  return h('li', { 'data-voter': c.voter, 'data-change': c.change }, at, playerNode(ctx, c.voter), what);
}

/** The count of the open day, or null when the open phase has no public vote. */
export function voteBoard(ctx: Ctx, count: ServerCount | null, ruleset: string): HTMLElement | null {
  if (!count || !count.open) return null;
  const rule = count.rule;
  const ruleText = rule ? t(`vote-rule-${ruleset}`, { alive: count.living, needed: count.majority }) + ' ' + t(`vote-tie-${rule.tie}-${ruleset}`) : t('vote-alive', { alive: count.living });
  const rows = count.lines.map((l) =>
    h(
      'tr',
      { 'data-target': l.target, 'data-standing': l.standing ?? '' },
      h('th', { scope: 'row' }, playerNode(ctx, l.target), l.standing ? [' ', h('span', { class: `badge ${l.standing === 'leads' ? 'bad' : 'warn'}`, 'data-testid': 'standing' }, t(`vote-standing-${l.standing}`))] : null),
      h('td', { class: 'num', 'data-testid': 'vote-n' }, String(l.count)),
      h('td', null, names(ctx, l.voters)),
    ),
  );
  if (count.abstain.length) rows.push(h('tr', { 'data-target': '' }, h('th', { scope: 'row' }, t('abstentions')), h('td', { class: 'num' }, String(count.abstain.length)), h('td', null, names(ctx, count.abstain))));
  const left = count.deadline !== null ? count.deadline - serverNow() : null;
  return h(
    'section',
    { class: 'panel vote-board', 'data-testid': 'vote-board', 'data-phase': count.phase, 'aria-label': t('vote-board', { phase: phaseLabel(count.phase) }) },
    h('h3', null, t('vote-board', { phase: phaseLabel(count.phase) })),
    h('p', { class: 'vote-rule', 'data-testid': 'vote-rule' }, ruleText),
    rows.length
      ? h('div', { class: 'table-wrap' }, h('table', { class: 'tally', 'data-testid': 'vote-lines' }, h('tbody', null, rows)))
      : h('p', { class: 'empty' }, t('vote-none-yet')),
    h('p', { class: 'not-voted', 'data-testid': 'not-voted' }, t('vote-not-voted', { n: count.notVoting.length }), ' ', names(ctx, count.notVoting)),
    count.deadline !== null ? h('p', { class: 'vote-deadline', 'data-testid': 'vote-deadline' }, t('vote-deadline', { at: formatTime(count.deadline), left: formatDuration(Math.max(0, left ?? 0)) })) : null,
    h('p', { class: 'hint' }, t('vote-public-note')),
    count.history.length
      ? h('details', { 'data-keep': `vote-history-${count.phase}`, 'data-testid': 'vote-history' }, h('summary', null, t('vote-history', { n: count.history.length })), h('ol', { class: 'vote-changes' }, count.history.map((c) => change(ctx, c))))
      : null,
  );
}
