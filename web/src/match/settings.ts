// The GM's settings editor: every setting in the lobby, the live ones once the match runs, checked
// by the API (same messages as creating) before they are saved with PATCH /settings.
import { h } from '../dom.js';
import type { Ctx } from '../format.js';
import { refusalText, t } from '../lang.js';
import { rulesetInfo } from '../rulesets.js';
import { schemaForm } from '../schema-form.js';
import { checkSettings } from '../settings-check.js';
import type { Summary } from '../types.js';

export function settingsEditor(input: { ctx: Ctx; summary: Summary; save: (patch: Record<string, unknown>) => Promise<unknown> }): HTMLElement | null {
  const s = input.summary;
  if (s.status === 'ended') return null;
  const box = h('div', { class: 'settings-body' }, h('p', null, t('loading')));
  const details = h('details', { class: 'gm-settings', 'data-keep': 'gm-settings', 'data-testid': 'gm-settings', open: s.status === 'lobby' }, h('summary', null, s.status === 'lobby' ? t('gm-settings-lobby') : t('gm-settings-live')), box);
  void rulesetInfo(s.ruleset).then((info) => {
    if (!info) return;
    const lobby = s.status === 'lobby';
    // After the start only the live settings are offered (the rest is fixed, D-40).
    const props = info.settings.properties ?? {};
    const schema = lobby ? info.settings : { ...info.settings, properties: Object.fromEntries(Object.entries(props).filter(([k]) => info.liveSettings.includes(k))) };
    const current = Object.fromEntries(Object.entries(s.settings).filter(([k]) => k in (schema.properties ?? {})));
    const form = schemaForm(input.ctx, schema, info.defaults, { live: info.liveSettings, values: current });
    const status = h('div', { class: 'status', role: 'status', 'aria-live': 'polite', 'data-testid': 'gm-settings-status' });
    const saveButton = h('button', { type: 'submit', class: 'primary', 'data-testid': 'gm-settings-save' }, t('save'));
    box.replaceChildren(
      h(
        'form',
        {
          class: 'settings',
          novalidate: true,
          onsubmit: async (e: Event) => {
            e.preventDefault();
            status.replaceChildren();
            const read = form.read(true);
            if (!read.value) {
              status.replaceChildren(h('p', null, t('fix-errors')), h('ul', null, read.errors.map((m) => h('li', null, m))));
              return;
            }
            saveButton.disabled = true;
            try {
              if (!(await checkSettings(s.ruleset, { ...s.settings, ...read.value }, form, status))) return;
              await input.save(read.value);
              status.textContent = t('saved');
            } catch (error) {
              status.textContent = refusalText(error);
            } finally {
              saveButton.disabled = false;
            }
          },
        },
        form.el,
        status,
        h('div', { class: 'buttons' }, saveButton),
      ),
    );
  });
  return details;
}
