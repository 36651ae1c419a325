// What the player may do now: the action forms, the check, and what he has submitted (to withdraw).
import { endingBody } from './ending.js';
import { api } from '../api.js';
import { h, type Child } from '../dom.js';
import { fmtValue, type Ctx } from '../format.js';
import { actionForm, type ActionInput } from '../forms.js';
import { actionLabel, fieldLabel, phaseLabel, t } from '../lang.js';
import { panel, Slot, toast } from '../ui.js';
import { fail, guard, namesKey, playerToken, type MatchState } from './state.js';

export function actionsPanel(state: MatchState) {
  const actionsSlot = new Slot(h('div'));
  const submittedSlot = new Slot(h('div'));

  async function submitAction(payload: ActionInput): Promise<void> {
    await api('POST', '/api/matches/{id}/me/actions', {
      params: { id: state.matchId },
      body: { ...payload, ...guard(state) },
      token: playerToken(state),
    });
    toast(t('sent-action', { action: actionLabel(payload.type) }));
    await state.refresh();
  }
  async function withdrawSlot(slot: string): Promise<void> {
    const phase = state.summary?.phase;
    await api('DELETE', '/api/matches/{id}/me/actions/{slot}', {
      params: { id: state.matchId, slot },
      query: { phase: phase || undefined },
      token: playerToken(state),
    });
    toast(t('withdrawn'));
    await state.refresh();
  }

  return {
    actions: actionsSlot.el,
    submitted: submittedSlot.el,
    render(c: Ctx): void {
      const { me, summary: s, actions } = state;
      const view = me?.view ?? null;
      if (!s || !me || s.status === 'lobby') {
        actionsSlot.set(null, () => null);
        submittedSlot.set(null, () => null);
        return;
      }
      const acts = actions?.actions ?? [];
      const checkMode = s.settings['check-mode'] === true;
      actionsSlot.set([acts, me.checked, s.status, s.phase, s.winner, s.board, checkMode, view?.me?.alive, namesKey(c)], () => {
        // Issue 44: after the end, the winner in words, the player's own result and the reveal; no forms.
        if (s.status === 'ended') return panel(t('end-title'), endingBody(c, s, view?.me), { id: 'actions', class: 'ending' });
        const body: Child[] = [];
        if (s.status === 'paused') body.push(h('p', { class: 'banner' }, t('paused-banner')));
        if (view?.me && !view.me.alive) body.push(h('p', { class: 'banner' }, t('dead-banner')));
        if (s.status === 'running' && acts.length === 0 && view?.me?.alive) body.push(h('p', { class: 'empty' }, t('no-actions')));
        const forms = acts.map(
          (a) =>
            actionForm({ ctx: c, action: a, disabled: me!.checked || s.status !== 'running', submit: submitAction, withdraw: withdrawSlot })
              .el,
        );
        body.push(h('div', { class: 'forms' }, forms));
        if (checkMode && s.status === 'running' && view?.me?.alive) {
          body.push(
            h(
              'div',
              { class: 'check-box' },
              me!.checked
                ? h('p', { class: 'badge ok', 'data-testid': 'checked' }, t('checked'))
                : h(
                    'button',
                    {
                      type: 'button',
                      class: 'primary',
                      'data-testid': 'check',
                      onclick: async () => {
                        try {
                          await api('POST', '/api/matches/{id}/me/check', {
                            params: { id: state.matchId },
                            body: guard(state),
                            token: playerToken(state),
                          });
                          toast(t('checked'));
                          await state.refresh();
                        } catch (error) {
                          fail(error);
                        }
                      },
                    },
                    t('check-button'),
                  ),
              h('small', null, ' ', t('check-hint')),
            ),
          );
        }
        return panel(t('your-actions', { phase: phaseLabel(s.phase) }), body, { id: 'actions' });
      });
      submittedSlot.set([me.submitted, s.status, me.checked], () =>
        me!.submitted.length
          ? panel(
              t('submitted-title'),
              h(
                'ul',
                { class: 'submitted', 'data-testid': 'submitted' },
                me!.submitted.map((sub) =>
                  h(
                    'li',
                    { 'data-slot': sub.slot, 'data-type': sub.type },
                    h('b', null, actionLabel(sub.type)),
                    ' ',
                    Object.entries(sub)
                      .filter(([k]) => k !== 'slot' && k !== 'type')
                      .map(([k, v]) => [' · ', fieldLabel(k), ': ', fmtValue(c, v)]),
                    ' ',
                    s.status === 'running' && !me!.checked
                      ? h(
                          'button',
                          {
                            type: 'button',
                            class: 'ghost small',
                            onclick: () => withdrawSlot(sub.slot).catch(fail),
                          },
                          t('withdraw'),
                        )
                      : null,
                  ),
                ),
              ),
            )
          : null,
      );
    },
  };
}
