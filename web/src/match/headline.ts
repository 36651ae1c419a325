// The headline card at the top of each phase: what happened when the last phase closed (deaths with
// their causes, or "nobody died"; the vote's outcome; the reader's own private results), then what
// to do now and by when. It only selects and orders events the API gave; it decides no rule.
import type { AvailableAction } from '../../../engine/core/types.js';
import { h, type Child } from '../dom.js';
import { formatTime, renderEvent, type Ctx } from '../format.js';
import { actionLabel, phaseLabel, t } from '../lang.js';
import type { Ev, Summary } from '../types.js';

/** Event kinds that announce a death, per ruleset's words (Lupus `death`, Mafia `died`, Kill Game `player-died`). */
const DEATHS = new Set(['death', 'died', 'player-died']);
/** Event kinds that give a day vote's outcome. */
const OUTCOMES = new Set(['day-result', 'runoff-result', 'vote-result', 'jailed', 'zone-closed']);
/** Kinds that are the running record, not news: shown in the record and the tally. */
const CHATTER = new Set(['message', 'vote-cast', 'vote-withdrawn']);

export interface HeadlineInput {
  summary: Summary;
  events: Ev[];
  me?: { id: string; alive: boolean; checked: boolean; submitted: number } | null;
  actions?: AvailableAction[];
}

/** The phase whose results the headline tells: the one that closed last (or the opening one). */
export function newsPhase(s: Summary): string | null {
  const phases = s.phases ?? [];
  if (s.status === 'ended') return phases[phases.length - 1] ?? null;
  return phases.length >= 2 ? phases[phases.length - 2]! : (phases[0] ?? null);
}

export function headline(ctx: Ctx, input: HeadlineInput): HTMLElement | null {
  const s = input.summary;
  // The lobby's own heading: the panels under it (the GM's, the join) then follow the page's h1 → h2 → h3 order.
  if (s.status === 'lobby') {
    return h(
      'div',
      { class: 'panel headline', 'data-testid': 'lobby-headline' },
      h('h2', { id: 'headline-title', class: 'headline-title' }, t('lobby')),
      h('p', null, t('lobby-waiting', { n: s.players.length })),
    );
  }
  const closed = newsPhase(s);
  const opening = s.phase && s.phase !== closed ? input.events.filter((e) => e.phase === s.phase && !CHATTER.has(e.kind)) : [];
  const news = input.events.filter((e) => e.phase === closed && !CHATTER.has(e.kind));
  const first = (s.phases ?? []).length <= 1 && s.status !== 'ended';
  const deaths = news.filter((e) => DEATHS.has(e.kind));
  const outcomes = news.filter((e) => OUTCOMES.has(e.kind));
  const mine = input.me ? [...news, ...opening].filter((e) => e.to === input.me!.id) : [];
  // Issue 44: every other public event of the phase is news a player would mention (the Bardo's
  // praise, Mafia's morning finds, Kill Game's new monsters); the end is told by the ending panel.
  const publicNews = news.filter(
    (e) => e.to === 'public' && !DEATHS.has(e.kind) && !OUTCOMES.has(e.kind) && e.kind !== 'match-ended' && e.kind !== 'match-started',
  );
  const line = (e: Ev) => h('li', { 'data-kind': e.kind }, renderEvent(ctx, e));
  const happened: Child[] = [];
  if (!first) {
    happened.push(h('h2', { id: 'headline-title', class: 'headline-title' }, t('headline-happened', { phase: phaseLabel(closed) })));
    happened.push(
      deaths.length
        ? h('ul', { class: 'deaths', 'data-testid': 'headline-deaths' }, deaths.map(line))
        : h('p', { class: 'nobody-died', 'data-testid': 'nobody-died' }, t('nobody-died')),
    );
    if (outcomes.length) happened.push(h('ul', { class: 'outcome', 'data-testid': 'headline-outcome' }, outcomes.map(line)));
  } else happened.push(h('h2', { id: 'headline-title', class: 'headline-title' }, t('headline-start', { phase: phaseLabel(s.phase) })));
  if (publicNews.length)
    happened.push(h('h3', null, t('headline-news')), h('ul', { class: 'news', 'data-testid': 'headline-news' }, publicNews.map(line)));
  if (mine.length)
    happened.push(h('h3', null, t('headline-yours')), h('ul', { class: 'mine', 'data-testid': 'headline-mine' }, mine.map(line)));
  if (s.winner) happened.push(h('p', { class: 'winner' }, t('match-over')));

  const now: Child[] = [];
  if (s.status === 'running' && s.phase) {
    const when = s.deadline ? t('headline-by', { at: formatTime(s.deadline) }) : '';
    if (!input.me) now.push(h('p', null, t('headline-watch', { phase: phaseLabel(s.phase) }), ' ', when));
    else if (!input.me.alive) now.push(h('p', null, t('dead-banner')));
    else if (input.me.checked) now.push(h('p', null, t('headline-checked'), ' ', when));
    else {
      const acts = (input.actions ?? []).map((a) => actionLabel(a.type));
      now.push(
        h(
          'p',
          { 'data-testid': 'headline-todo' },
          acts.length ? t('headline-todo', { actions: acts.join(', ') }) : t('no-actions'),
          ' ',
          when,
          input.me.submitted ? [' ', t('headline-sent', { n: input.me.submitted })] : null,
        ),
      );
      if (acts.length)
        now.push(
          h(
            'a',
            {
              href: '#actions',
              class: 'button primary small',
              onclick: (e: Event) => (e.preventDefault(), document.getElementById('actions')?.scrollIntoView()),
            },
            t('headline-go'),
          ),
        );
    }
  } else if (s.status === 'paused') now.push(h('p', null, t('paused-banner')));
  return h(
    'section',
    {
      class: 'panel headline',
      id: 'headline',
      'data-testid': 'headline',
      'data-phase': s.phase ?? '',
      'aria-labelledby': 'headline-title',
    },
    happened,
    now.length ? h('div', { class: 'now' }, now) : null,
  );
}
