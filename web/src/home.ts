// The home page: open matches to join, the player's own matches, running and ended ones.
import { api, serverNow } from './api.js';
import { h, mount, nextId } from './dom.js';
import { formatDuration } from './format.js';
import { phaseLabel, t, term, refusalText } from './lang.js';
import { allKeys } from './store.js';
import { panel } from './ui.js';

interface Row {
  id: string;
  name: string;
  ruleset: string;
  status: string;
  phase: string | null;
  deadline: number | null;
  sandbox: boolean;
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
    m.phase ? h('small', null, ` ${phaseLabel(m.phase)}${when}`) : null,
    mine ? h('small', { class: 'badge ok' }, t('yours')) : null,
  );
}

export function homePage(root: HTMLElement): () => void {
  const box = h('div', { class: 'home' }, h('p', null, t('loading')));
  mount(root, box);
  let stopped = false;
  const load = async () => {
    try {
      const { matches } = await api<{ matches: Row[] }>('GET', '/matches');
      if (stopped) return;
      const keys = allKeys();
      const mine = matches.filter((m) => keys[m.id]?.player || keys[m.id]?.gm);
      const open = matches.filter((m) => m.status === 'lobby' && !m.sandbox);
      const running = matches.filter((m) => (m.status === 'running' || m.status === 'paused') && !mine.includes(m));
      const ended = matches.filter((m) => m.status === 'ended' && !mine.includes(m));
      const list = (rows: Row[], empty: string) => (rows.length ? h('ul', { class: 'match-list' }, rows.map((m) => row(m, mine.includes(m)))) : h('p', { class: 'empty' }, empty));
      const restoreId = nextId('rs');
      const restore = h('input', { id: restoreId, type: 'text', placeholder: t('paste-link') });
      mount(
        box,
        h('div', { class: 'intro' }, h('p', null, t('intro')), h('a', { class: 'button primary', href: '#/new', 'data-testid': 'create-link' }, t('create-match'))),
        mine.length ? panel(t('my-matches'), list(mine, '')) : null,
        panel(t('open-matches'), list(open, t('no-open-matches')), { id: 'open' }),
        panel(t('running-matches'), list(running, t('none'))),
        h('details', { class: 'panel' }, h('summary', null, t('ended-matches'), ` (${ended.length})`), list(ended, t('none'))),
        panel(
          t('come-back'),
          h(
            'form',
            {
              class: 'restore',
              onsubmit: (e: Event) => {
                e.preventDefault();
                const m = /#\/m\/([^/]+)\/key\/([^/\s]+)/.exec(restore.value.trim());
                if (m) location.hash = `#/m/${m[1]}/key/${m[2]}`;
              },
            },
            h('label', { for: restoreId }, t('have-link')),
            h('div', { class: 'row' }, restore, h('button', { type: 'submit', class: 'ghost' }, t('open'))),
          ),
        ),
      );
    } catch (error) {
      mount(box, h('p', { class: 'status error' }, refusalText(error)));
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
