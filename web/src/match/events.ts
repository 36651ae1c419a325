// Events as the page lists them: one list, or grouped by phase (newest first) with the open day's
// tally as the server counted it and the forum posts of the phases.
import { h } from '../dom.js';
import { copyPostButtons } from '../forum-post.js';
import { fmtValue, playerNode, renderEvent, type Ctx } from '../format.js';
import { phaseLabel, t } from '../lang.js';
import type { Ev } from '../types.js';
import type { ServerCount } from './votes.js';

function byPhase(events: Ev[]): Array<[string, Ev[]]> {
  const groups = new Map<string, Ev[]>();
  for (const e of events) {
    const p = e.phase ?? '';
    const list = groups.get(p);
    if (list) list.push(e);
    else groups.set(p, [e]);
  }
  return [...groups.entries()];
}

/** The tally as the server counted it, never recounted here; null when nobody has a ballot. */
function serverTally(count: ServerCount | null, phase: string): Map<string | null, string[]> | null {
  if (!count || count.phase !== phase || (count.lines.length === 0 && count.abstain.length === 0)) return null;
  const tally = new Map<string | null, string[]>(count.lines.map((l) => [l.target, l.voters]));
  if (count.abstain.length > 0) tally.set(null, count.abstain);
  return tally;
}

function tallyBox(ctx: Ctx, tally: Map<string | null, string[]>): HTMLElement {
  const rows = [...tally.entries()];
  return h(
    'table',
    { class: 'tally', 'data-testid': 'tally' },
    h('caption', null, t('tally-live')),
    h(
      'tbody',
      null,
      rows.map(([target, voters]) =>
        h(
          'tr',
          null,
          h('th', null, target === null ? t('abstentions') : playerNode(ctx, target)),
          h('td', { class: 'num' }, String(voters.length)),
          h('td', null, fmtValue(ctx, voters)),
        ),
      ),
    ),
  );
}

export function eventList(ctx: Ctx, events: Ev[], opts: { audience?: boolean } = {}): HTMLElement {
  return h(
    'ol',
    { class: 'events' },
    events.map((e) =>
      h(
        'li',
        { 'data-kind': e.kind },
        opts.audience && e.to !== 'public' ? h('span', { class: 'to' }, '→ ', fmtValue(ctx, e.to), ' ') : null,
        renderEvent(ctx, e),
      ),
    ),
  );
}

export function phaseGroups(
  ctx: Ctx,
  events: Ev[],
  current: string | null,
  opts: { audience?: boolean; tally?: ServerCount | null; testid?: string; posts?: string } = {},
): HTMLElement {
  const groups = byPhase(events).reverse();
  if (!groups.length) return h('p', { class: 'empty' }, t('nothing-yet'));
  return h(
    'div',
    { class: 'phases', 'data-testid': opts.testid },
    groups.map(([phase, list], i) => {
      const tally = opts.tally !== undefined && phase === current ? serverTally(opts.tally, phase) : null;
      return h(
        'details',
        { open: i < 2, 'data-phase': phase, 'data-keep': `${opts.testid ?? 'events'}-${phase}` },
        h('summary', null, phaseLabel(phase) || t('start'), h('small', null, ` (${list.length})`)),
        tally ? tallyBox(ctx, tally) : null,
        // The forum post of a closed phase, and of the open day's count (`posts`: the match id).
        opts.posts && tally ? copyPostButtons(opts.posts, null) : null,
        opts.posts && phase && phase !== current ? copyPostButtons(opts.posts, phase) : null,
        eventList(ctx, list, opts),
      );
    }),
  );
}
