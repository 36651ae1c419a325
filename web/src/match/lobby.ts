// The lobby: joining (name, join options, MAF-1.9's watch warning), a personal link pasted back, the
// joined player's options; after the start, what someone without a seat is told.
import { api, ApiError } from '../api.js';
import { h, nextId, type Child } from '../dom.js';
import { dict, refusalText, t } from '../lang.js';
import { rulesetInfo } from '../rulesets.js';
import { schemaForm } from '../schema-form.js';
import { saveKeys, tokenKind } from '../store.js';
import { copyField, panel, toast } from '../ui.js';
import { keys, personalLink, playerToken, type MatchState } from './state.js';
import { summaryPanel } from './summary-panel.js';

export function lobbyPanel(state: MatchState) {
  return summaryPanel(state, (slot, c, s, me) => {
    const k = keys(state);
    if (s.status !== 'lobby') {
      if (k.replacedBy !== undefined && !k.player) {
        const name = k.replacedBy;
        slot.set(['replaced', name], () =>
          h(
            'div',
            { class: 'banner warn', role: 'alert', 'data-testid': 'seat-replaced' },
            h('p', null, t('seat-replaced-banner', { name })),
            h('p', null, t('watching')),
          ),
        );
      } else if (!k.player && !k.gm) slot.set(['watch', s.status], () => h('p', { class: 'banner' }, t('watching')));
      else slot.set(null, () => null);
      return;
    }
    if (me) {
      slot.set(['joined', me.name, me.options, s.players], () => {
        const box: Child[] = [h('p', null, t('joined-as', { name: me!.name })), h('p', null, t('wait-start'))];
        if (s.notDealt?.includes(me!.playerId))
          box.unshift(h('p', { class: 'banner warn', 'data-testid': 'not-dealt-me' }, t(`not-dealt-me-${s.ruleset}`)));
        box.push(
          copyField(t('personal-link-hint'), personalLink(state.matchId, keys(state).player!.token), {
            secret: true,
            testid: 'personal-link',
          }),
        );
        const optionsBox = h('div');
        box.push(optionsBox);
        void rulesetInfo(s.ruleset).then((info) => {
          if (!info || !Object.keys(info.options?.properties ?? {}).length) return;
          const form = schemaForm(c, info.options, {}, { values: state.me?.options ?? {} });
          const status = h('p', { class: 'status', role: 'status' });
          optionsBox.replaceChildren(
            h(
              'form',
              {
                class: 'options',
                onsubmit: async (e: Event) => {
                  e.preventDefault();
                  const { value } = form.read();
                  if (!value) return;
                  try {
                    await api('PATCH', '/api/matches/{id}/me', {
                      params: { id: state.matchId },
                      body: { options: { ...(state.me?.options ?? {}), ...value } },
                      token: playerToken(state),
                    });
                    status.textContent = t('saved');
                    await state.refresh();
                  } catch (error) {
                    status.textContent = refusalText(error);
                    if (error instanceof ApiError) form.showServerError(error);
                  }
                },
              },
              h('h4', null, t('join-options')),
              form.el,
              h('button', { type: 'submit', class: 'primary' }, t('save')),
              status,
            ),
          );
        });
        return panel(t('lobby'), box, { id: 'lobby' });
      });
      return;
    }
    slot.set(['join', s.id], () => {
      const nameId = nextId('jn');
      const name = h('input', {
        id: nameId,
        type: 'text',
        maxlength: 40,
        required: true,
        autocomplete: 'nickname',
        'data-testid': 'join-name',
      });
      const optionsBox = h('div');
      const status = h('p', { class: 'status', role: 'status', 'aria-live': 'polite' });
      let optionsForm: ReturnType<typeof schemaForm> | null = null;
      const watchHint = Boolean(dict().ui[`join-unset-${s.ruleset}`]);
      const joinButton = h('button', { type: 'submit', class: 'primary', 'data-testid': 'join-submit' }, t('join'));
      void rulesetInfo(s.ruleset).then((info) => {
        if (!info || !Object.keys(info.options?.properties ?? {}).length) return;
        optionsForm = schemaForm(c, info.options, {});
        optionsBox.replaceChildren(
          h('h4', null, t('join-options')),
          optionsForm.el,
          ...(watchHint ? [h('p', { class: 'hint', 'data-testid': 'join-watch-hint' }, t(`join-unset-${s.ruleset}`))] : []),
        );
        optionsForm.el.addEventListener('change', () => {
          delete joinButton.dataset.watch;
          joinButton.textContent = t('join');
          status.textContent = '';
        });
      });
      const restoreId = nextId('rs');
      const restore = h('input', { id: restoreId, type: 'text', placeholder: t('paste-link'), 'data-testid': 'restore-link' });
      const restoreStatus = h('p', { class: 'status error', role: 'alert', 'data-testid': 'restore-status' });
      return panel(
        t('join-title'),
        [
          h(
            'form',
            {
              class: 'join',
              onsubmit: async (e: Event) => {
                e.preventDefault();
                if (!name.value.trim()) {
                  status.className = 'status error';
                  status.textContent = t('field-required', { field: t('your-name') });
                  return;
                }
                let options: Record<string, unknown> | undefined;
                if (optionsForm) {
                  const read = (optionsForm as ReturnType<typeof schemaForm>).read();
                  if (!read.value) return;
                  options = read.value;
                }
                // MAF-1.9: without a join option the player is not dealt in; he says so knowingly.
                if (watchHint && !Object.keys(options ?? {}).length && !joinButton.dataset.watch) {
                  joinButton.dataset.watch = '1';
                  joinButton.textContent = t('join-to-watch');
                  status.className = 'status warn';
                  status.textContent = t(`join-unset-${s.ruleset}`);
                  return;
                }
                try {
                  const invite = keys(state).invite;
                  const body = { name: name.value.trim(), ...(options ? { options } : {}), ...(invite ? { invite } : {}) };
                  const r = await api('POST', '/api/matches/{id}/players', { params: { id: state.matchId }, body });
                  saveKeys(state.matchId, { player: { token: r.token, id: r.playerId, name: name.value.trim() } });
                  toast(t('joined-as', { name: name.value.trim() }));
                  await state.refresh();
                } catch (error) {
                  status.className = 'status error';
                  // A private lobby without its invitation answers as a missing match (issue 44): say what to do.
                  status.textContent = error instanceof ApiError && error.code === 'not-found' ? t('join-not-found') : refusalText(error);
                }
              },
            },
            h('div', { class: 'field' }, h('label', { for: nameId }, t('your-name')), name),
            optionsBox,
            joinButton,
            status,
          ),
          h(
            'form',
            {
              class: 'restore',
              onsubmit: (e: Event) => {
                e.preventDefault();
                const m = /#\/m\/([^/]+)\/key\/([^/\s]+)/.exec(restore.value.trim());
                if (m && tokenKind(decodeURIComponent(m[2]!))) location.hash = `#/m/${m[1]}/key/${m[2]}`;
                else {
                  restoreStatus.textContent = t('link-not-recognised');
                  restore.setAttribute('aria-invalid', 'true');
                }
              },
            },
            h('label', { for: restoreId }, t('have-link')),
            h('div', { class: 'row' }, restore, h('button', { type: 'submit', class: 'ghost' }, t('open'))),
            restoreStatus,
          ),
        ],
        { id: 'join' },
      );
    });
  });
}
