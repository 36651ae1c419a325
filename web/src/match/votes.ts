// The open day's vote count at the top of the page: the ruleset's own tally as the server publishes it
// (GET /votes, decisions 8 and 13): lines in its unit, what the close would do and what is certain, who
// has not voted, the deadline and the changes.
import type { VoteCount, VoteLine } from '../../../functions/api/vote-count.js';
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

/** What the close would do to a line, in the ruleset's words; a line merely safe shows only when that is certain. */
function outcomeBadge(l: VoteLine, ruleset: string): Child {
  if (l.outcome === 'safe' && !l.certain) return null;
  const text = l.outcome === 'safe' ? t('tally-safe') : t(`tally-${l.outcome}-${ruleset}`);
  const tone = l.outcome === 'safe' ? 'ok' : l.certain ? 'bad' : 'warn';
  return [' ', h('span', { class: `badge ${tone}`, 'data-testid': 'outcome' }, text, l.certain ? [' · ', t('tally-certain')] : null)];
}

/** The count of the open day, or null when the open phase has no public vote. */
export function voteBoard(ctx: Ctx, count: ServerCount | null, ruleset: string): HTMLElement | null {
  if (!count || !count.open) return null;
  const ruleText = `${t('vote-alive', { alive: count.living })} ${t(`tally-rule-${ruleset}`)}`;
  const rows = count.lines.map((l) =>
    h(
      'tr',
      { 'data-target': l.target, 'data-outcome': l.outcome, 'data-certain': String(l.certain) },
      h('th', { scope: 'row' }, playerNode(ctx, l.target), outcomeBadge(l, ruleset)),
      h('td', { class: 'num', 'data-testid': 'vote-n', title: t(`tally-unit-${count.unit}`) }, String(l.count)),
      h('td', null, names(ctx, l.voters)),
    ),
  );
  if (count.abstain.length)
    rows.push(
      h(
        'tr',
        { 'data-target': '' },
        h('th', { scope: 'row' }, t('abstentions')),
        h('td', { class: 'num' }, String(count.abstain.length)),
        h('td', null, names(ctx, count.abstain)),
      ),
    );
  const nobody =
    count.lines.length > 0 && count.decision === 'nobody'
      ? h(
          'p',
          { class: 'vote-decision', 'data-testid': 'vote-decision' },
          t(`tally-nobody-${ruleset}`),
          count.certain ? [' (', t('tally-certain'), ')'] : null,
        )
      : null;
  const left = count.deadline !== null ? count.deadline - serverNow() : null;
  return h(
    'section',
    {
      class: 'panel vote-board',
      'data-testid': 'vote-board',
      'data-phase': count.phase,
      'aria-label': t('vote-board', { phase: phaseLabel(count.phase) }),
    },
    h('h3', null, t('vote-board', { phase: phaseLabel(count.phase) })),
    h('p', { class: 'vote-rule', 'data-testid': 'vote-rule' }, ruleText),
    rows.length
      ? h('div', { class: 'table-wrap' }, h('table', { class: 'tally', 'data-testid': 'vote-lines' }, h('tbody', null, rows)))
      : h('p', { class: 'empty' }, t('vote-none-yet')),
    nobody,
    h(
      'p',
      { class: 'not-voted', 'data-testid': 'not-voted' },
      t('vote-not-voted', { n: count.notVoting.length }),
      ' ',
      names(ctx, count.notVoting),
    ),
    count.forced.length
      ? h('p', { class: 'forced', 'data-testid': 'vote-forced' }, t(`tally-forced-${ruleset}`), ' ', names(ctx, count.forced))
      : null,
    count.barred.length
      ? h('p', { class: 'barred', 'data-testid': 'vote-barred' }, t(`tally-barred-${ruleset}`), ' ', names(ctx, count.barred))
      : null,
    count.deadline !== null
      ? h(
          'p',
          { class: 'vote-deadline', 'data-testid': 'vote-deadline' },
          t('vote-deadline', { at: formatTime(count.deadline), left: formatDuration(Math.max(0, left ?? 0)) }),
        )
      : null,
    h('p', { class: 'hint' }, t('vote-public-note')),
    count.history.length
      ? h(
          'details',
          { 'data-keep': `vote-history-${count.phase}`, 'data-testid': 'vote-history' },
          h('summary', null, t('vote-history', { n: count.history.length })),
          h(
            'ol',
            { class: 'vote-changes' },
            count.history.map((c) => change(ctx, c)),
          ),
        )
      : null,
  );
}
