// The home page: open matches to join, the player's own matches, running and ended ones, and the field
// to paste a personal link. Only the lists refresh (every 15 s); the link field keeps what is typed.
import { api, serverNow } from './api.js';
import type { AnswerOf } from './api-types.js';
import { h, mount, nextId } from './dom.js';
import { formatDuration } from './format.js';
import { lang, phaseLabel, t, term, refusalText } from './lang.js';
import { allKeys, tokenKind } from './store.js';
import { panel } from './ui.js';

/** A line of the public list, as the API answers it. */
type Row = AnswerOf<'GET', '/api/matches'>['matches'][number];

/** The day and hour a match was created, in the reader's language and time zone. */
function createdText(ms: number): string {
  try {
    return new Intl.DateTimeFormat(lang(), { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(new Date(ms));
  } catch {
    return new Date(ms).toLocaleString();
  }
}

function row(m: Row, mine: boolean): HTMLElement {
  const when = m.status === 'running' && m.deadline ? ` · ${t('closes-in-short', { left: formatDuration(m.deadline - serverNow()) })}` : '';
  return h(
    'li',
    { 'data-match': m.id },
    h('a', { href: `#/m/${encodeURIComponent(m.id)}` }, m.name),
    ' ',
    h('span', { class: 'badge' }, t(`ruleset-${m.ruleset}`)),
    ' ',
    h('span', { class: `badge status-${m.status}` }, term(m.status) ?? m.status),
    mine ? h('small', { class: 'badge ok' }, t('yours')) : null,
    // Two matches of the same name are told apart by when they were made and how many joined.
    h(
      'small',
      { class: 'row-facts' },
      h('span', { 'data-testid': 'row-players' }, t('list-players', { n: m.players })),
      ' · ',
      h(
        'time',
        { 'data-testid': 'row-created', datetime: new Date(m.createdAt).toISOString() },
        t('list-created', { at: createdText(m.createdAt) }),
      ),
      m.phase ? ` · ${phaseLabel(m.phase)}${when}` : '',
    ),
  );
}

/** The "come back on another device" form: a pasted personal link opens the match, anything else says why not. */
function restoreForm(): HTMLElement {
  const id = nextId('rs');
  const input = h('input', { id, type: 'text', placeholder: t('paste-link'), autocomplete: 'off', 'data-testid': 'home-restore-link' });
  const status = h('p', { class: 'status error', role: 'alert', 'data-testid': 'home-restore-status' });
  input.addEventListener('input', () => (status.textContent = ''));
  return panel(
    t('come-back'),
    h(
      'form',
      {
        class: 'restore',
        onsubmit: (e: Event) => {
          e.preventDefault();
          const m = /#\/m\/([^/]+)\/key\/([^/\s]+)/.exec(input.value.trim());
          if (!m || !tokenKind(decodeURIComponent(m[2]!))) {
            status.textContent = t('link-not-recognised');
            input.focus();
            return;
          }
          location.hash = `#/m/${m[1]}/key/${m[2]}`;
        },
      },
      h('label', { for: id }, t('have-link')),
      h('div', { class: 'row' }, input, h('button', { type: 'submit', class: 'ghost' }, t('open'))),
      status,
    ),
    { id: 'come-back', level: 2 },
  );
}

export function homePage(root: HTMLElement): () => void {
  const lists = h('div', { class: 'lists', 'data-testid': 'home-lists' }, h('p', null, t('loading')));
  mount(
    root,
    h(
      'div',
      { class: 'home' },
      h('h1', null, t('home-title')),
      h(
        'div',
        { class: 'intro' },
        h('p', null, t('intro')),
        h('a', { class: 'button primary', href: '#/new', 'data-testid': 'create-link' }, t('create-match')),
      ),
      lists,
      restoreForm(),
    ),
  );
  let stopped = false;
  const load = async () => {
    try {
      const { matches } = await api('GET', '/api/matches', {});
      if (stopped) return;
      const keys = allKeys();
      const mine = matches.filter((m) => keys[m.id]?.player || keys[m.id]?.gm);
      const open = matches.filter((m) => m.status === 'lobby' && !m.sandbox);
      const running = matches.filter((m) => (m.status === 'running' || m.status === 'paused') && !mine.includes(m));
      const ended = matches.filter((m) => m.status === 'ended' && !mine.includes(m));
      const list = (rows: Row[], empty: string) =>
        rows.length
          ? h(
              'ul',
              { class: 'match-list' },
              rows.map((m) => row(m, mine.includes(m))),
            )
          : h('p', { class: 'empty' }, empty);
      const wasOpen = lists.querySelector<HTMLDetailsElement>('details.ended')?.open ?? false;
      mount(
        lists,
        mine.length ? panel(t('my-matches'), list(mine, ''), { level: 2 }) : null,
        panel(t('open-matches'), list(open, t('no-open-matches')), { id: 'open', level: 2 }),
        panel(t('running-matches'), list(running, t('none')), { level: 2 }),
        h(
          'details',
          { class: 'panel ended', open: wasOpen },
          h('summary', null, h('h2', { class: 'panel-title inline' }, t('ended-matches'), ` (${ended.length})`)),
          list(ended, t('none')),
        ),
      );
    } catch (error) {
      if (!stopped) mount(lists, h('p', { class: 'status error' }, refusalText(error)));
    }
  };
  void load();
  const timer = window.setInterval(() => {
    if (!document.hidden) void load();
  }, 15000);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
