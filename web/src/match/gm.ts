// The GM's panel: links, the controls of the match, the settings, the toolkit, and everything stored
// (players, pending actions, all events, the state).
import { api } from '../api.js';
import { h, nextId, type Child } from '../dom.js';
import { fmtValue, nameText, playerNode, type Ctx } from '../format.js';
import { gmToolkit, type ToolkitMemory } from '../gm-toolkit.js';
import { actionLabel, fieldLabel, phaseLabel, t } from '../lang.js';
import type { MeResponse } from '../types.js';
import { copyField, panel, Slot, toast } from '../ui.js';
import { card } from './card.js';
import { phaseGroups } from './events.js';
import { settingsEditor } from './settings.js';
import { gmTelegram } from './telegram.js';
import { ctxOf, fail, inviteLink, joinLink, keys, namesKey, personalLink, type MatchState } from './state.js';

export function gmPanel(state: MatchState) {
  const slot = new Slot(h('div'));
  const gmControls = new Slot(h('div', { class: 'buttons gm-buttons' }));
  const gmData = new Slot(h('div'));
  const gmTools = new Slot(h('div'));
  const gmSettings = new Slot(h('div'));
  const toolkitMemory: ToolkitMemory = {};
  /** The player whose Remove was pressed once: a table redrawn by a live update keeps asking to confirm. */
  let armedRemoval: string | null = null;
  let toolkitRound = 0;

  /** One player's card and events as he sees them, read-only (the GM's "see as a player"). */
  function asPlayer(view: MeResponse): Child {
    const c: Ctx = { ...ctxOf(state), me: view.playerId };
    for (const p of view.view?.players ?? []) if (!c.players.has(p.id)) c.players.set(p.id, p.name);
    return [
      view.view?.me ? card(c, view.view.me, view.match.ruleset, {}) : h('p', { class: 'empty' }, t('nothing-yet')),
      phaseGroups(c, view.events, view.match.phase, { testid: 'as-events' }),
    ];
  }

  function render(c: Ctx): void {
    const s = state.summary;
    const token = keys(state).gm;
    const gm = state.gm;
    if (!s || !token || !gm) {
      slot.set(null, () => null);
      return;
    }
    const g = gm;
    const params = { id: state.matchId };
    /** A GM control: the call, what to say once it is done, then the match read again. */
    const call = async (send: () => Promise<unknown>, done?: string) => {
      try {
        await send();
        if (done) toast(done);
        await state.refresh();
      } catch (error) {
        fail(error);
      }
    };
    slot.set(['gm', token, Boolean(s.telegram && s.status !== 'ended')], () =>
      panel(
        t('gm-title'),
        [
          h(
            'div',
            { class: 'gm-links' },
            // A private lobby (issue 44) is joined only with its invitation link.
            g.invite
              ? copyField(t('gm-invite-link'), inviteLink(state.matchId, g.invite), { testid: 'invite-link' })
              : copyField(t('gm-join-link'), joinLink(state.matchId), { testid: 'join-link' }),
            copyField(t('gm-link'), personalLink(state.matchId, token), { secret: true, testid: 'gm-link' }),
          ),
          s.telegram && s.status !== 'ended' ? gmTelegram(state.matchId, token) : null,
          gmControls.el,
          gmSettings.el,
          gmTools.el,
          gmData.el,
        ],
        { class: 'gm', id: 'gm' },
      ),
    );
    // The controls change with the match's status only, so a number being typed survives updates.
    gmControls.set([s.status, s.phase], () => {
      const minutesId = nextId('ext');
      const minutes = h('input', { id: minutesId, type: 'number', min: 1, max: 10080, value: 60, step: 1 });
      const buttons: Child[] = [];
      if (s.status === 'lobby')
        buttons.push(
          h(
            'button',
            {
              type: 'button',
              class: 'primary',
              'data-testid': 'gm-start',
              onclick: () => call(() => api('POST', '/api/matches/{id}/start', { params, body: {}, token }), t('gm-started')),
            },
            t('gm-start'),
          ),
        );
      if (s.status === 'running') {
        buttons.push(
          h(
            'button',
            {
              type: 'button',
              'data-testid': 'gm-pause',
              onclick: () => call(() => api('POST', '/api/matches/{id}/pause', { params, token }), t('gm-paused')),
            },
            t('gm-pause'),
          ),
        );
        // Issue 44: closing the phase for everyone asks once, naming the phase on the button.
        const resolve: HTMLButtonElement = h('button', { type: 'button', class: 'danger', 'data-testid': 'gm-resolve' }, t('gm-resolve'));
        resolve.addEventListener('click', () => {
          if (!resolve.dataset.armed) {
            resolve.dataset.armed = '1';
            resolve.textContent = t('gm-resolve-confirm', { phase: phaseLabel(s.phase) });
            return;
          }
          delete resolve.dataset.armed;
          resolve.textContent = t('gm-resolve');
          void call(
            () => api('POST', '/api/matches/{id}/resolve', { params, body: s.phase ? { phase: s.phase } : {}, token }),
            t('gm-resolved'),
          );
        });
        buttons.push(resolve);
      }
      if (s.status === 'paused')
        buttons.push(
          h(
            'button',
            {
              type: 'button',
              class: 'primary',
              'data-testid': 'gm-resume',
              onclick: () => call(() => api('POST', '/api/matches/{id}/resume', { params, token }), t('gm-resumed')),
            },
            t('gm-resume'),
          ),
        );
      if (s.status === 'running' || s.status === 'paused') {
        buttons.push(
          h(
            'span',
            { class: 'extend' },
            h('label', { for: minutesId }, t('gm-minutes')),
            minutes,
            h(
              'button',
              {
                type: 'button',
                'data-testid': 'gm-extend',
                onclick: () =>
                  call(
                    () => api('POST', '/api/matches/{id}/extend', { params, body: { minutes: Number(minutes.value) }, token }),
                    t('gm-extended'),
                  ),
              },
              t('gm-extend'),
            ),
          ),
        );
      }
      return buttons;
    });
    gmSettings.set([s.status, s.settings], () =>
      settingsEditor({
        ctx: c,
        summary: s,
        save: (patch) =>
          api('PATCH', '/api/matches/{id}/settings', { params: { id: state.matchId }, body: patch, token }).then(
            () => (toast(t('gm-settings-saved')), state.refresh()),
          ),
      }),
    );
    // The toolkit changes with the status, the phase and the seats (and what it was asked to show).
    const seats = g.players.map((p) => ({ id: p.id, name: p.name, seat: p.seat }));
    gmTools.set([s.status, s.phase, s.phases, seats, toolkitRound], () =>
      gmToolkit({
        matchId: state.matchId,
        token,
        summary: s,
        seats,
        winners: (g.winners ?? []).map((id) => ({ id, label: nameText(c, id) })),
        memory: toolkitMemory,
        personalLink: (tok) => personalLink(state.matchId, tok),
        refresh: state.refresh,
        renderView: (view) => asPlayer(view),
        rerender: () => {
          toolkitRound++;
          render(ctxOf(state));
        },
      }),
    );
    gmData.set([g, s.players, s.status, s.phase, namesKey(c)], () => {
      const alive = new Map((s.players ?? []).map((p) => [p.id, p.alive]));
      const facts = (g.facts ?? {}) as { role?: Record<string, string>; faction?: Record<string, string> };
      const started = s.status !== 'lobby';
      const rows = g.players.map((p) => {
        const armed = armedRemoval === p.id;
        // Issue 44: the confirmation names the player, and arming one row disarms every other.
        const remove = h(
          'button',
          { type: 'button', class: 'ghost small danger', 'data-remove': p.id, ...(armed ? { 'data-armed': '1' } : {}) },
          armed ? t('gm-remove-confirm-name', { name: p.name }) : t('gm-remove'),
        );
        remove.addEventListener('click', () => {
          if (armedRemoval === p.id) {
            armedRemoval = null;
            void call(
              () => api('DELETE', '/api/matches/{id}/players/{playerId}', { params: { ...params, playerId: p.id }, token }),
              t('gm-removed', { name: p.name }),
            );
          } else {
            armedRemoval = p.id;
            for (const other of remove.closest('table')?.querySelectorAll<HTMLButtonElement>('button[data-armed]') ?? []) {
              delete other.dataset.armed;
              other.textContent = t('gm-remove');
            }
            remove.dataset.armed = '1';
            remove.textContent = t('gm-remove-confirm-name', { name: p.name });
          }
        });
        const state = alive.get(p.id);
        return h(
          'tr',
          { 'data-player': p.id },
          h('td', null, String(p.seat)),
          // The name and its control share a cell: on a 390 px screen they never scroll apart.
          h(
            'td',
            { class: 'gm-name' },
            p.name,
            h('small', null, ` (${p.id})`),
            s.status !== 'ended' && state !== false ? [h('br'), remove] : null,
          ),
          h(
            'td',
            null,
            state === undefined ? (s.notDealt?.includes(p.id) ? t(`not-dealt-${s.ruleset}`) : '') : state ? t('alive') : t('dead'),
          ),
          h(
            'td',
            { 'data-col': 'role' },
            facts.role?.[p.id] ? fmtValue(c, facts.role[p.id]) : facts.faction?.[p.id] ? fmtValue(c, facts.faction[p.id]) : '',
          ),
          // Join options in words: "Specialty: Археолог", never the raw key.
          h(
            'td',
            null,
            Object.entries(p.options ?? {}).map(([k, v], i) => [i ? '; ' : '', fieldLabel(k), ': ', fmtValue(c, v)]),
          ),
          h('td', { 'data-col': 'checked' }, started && p.checked ? '✓' : ''),
        );
      });
      const pending = g.pending.map((p) =>
        h(
          'li',
          null,
          playerNode(c, p.player),
          p.owner !== p.player ? h('small', null, ` (${nameText(c, p.owner)})`) : null,
          ': ',
          h('b', null, actionLabel(p.action.type)),
          ' ',
          Object.entries(p.action)
            .filter(([k]) => k !== 'type')
            .map(([k, v]) => [' · ', fieldLabel(k), ': ', fmtValue(c, v)]),
        ),
      );
      return [
        h('h4', null, t('players'), ` (${g.players.length})`),
        h(
          'div',
          { class: 'table-wrap', tabindex: 0, role: 'region', 'aria-label': t('gm-players-table') },
          h(
            'table',
            { class: 'gm-players' },
            h(
              'thead',
              null,
              h(
                'tr',
                null,
                h('th', null, '#'),
                h('th', null, t('name')),
                h('th', null, t('state')),
                h('th', null, t('role')),
                h('th', null, t('options')),
                h('th', null, t('checked-col')),
              ),
            ),
            h('tbody', null, rows),
          ),
        ),
        h(
          'details',
          { 'data-keep': 'gm-pending' },
          h('summary', null, t('gm-pending'), ` (${pending.length})`),
          pending.length ? h('ul', { class: 'pending' }, pending) : h('p', { class: 'empty' }, t('nothing-yet')),
        ),
        h(
          'details',
          { 'data-keep': 'gm-events' },
          h('summary', null, t('gm-all-events'), ` (${g.events.length})`),
          phaseGroups(c, g.events, s.phase, { audience: true, tally: state.votes, testid: 'gm-events' }),
        ),
        h(
          'details',
          { 'data-keep': 'gm-state' },
          h('summary', null, t('gm-state')),
          h(
            'pre',
            { class: 'json', 'data-testid': 'gm-state', tabindex: 0, role: 'region', 'aria-label': t('gm-state') },
            JSON.stringify({ seed: g.seed, dice: g.dice, settings: s.settings, view: g.view, facts: g.facts }, null, 1),
          ),
        ),
      ];
    });
  }

  return { el: slot.el, render };
}
