// The GM's settings editor: every setting in the lobby, the live ones once the match runs, checked
// by the API (same messages as creating) before they are saved with PATCH /settings.
import { FORUM_IDS, FORUMS } from '../../../texts/forums.js';
import { h } from '../dom.js';
import type { Ctx } from '../format.js';
import { refusalText, t } from '../lang.js';
import { rulesetInfo } from '../rulesets.js';
import { schemaForm } from '../schema-form.js';
import { checkSettings } from '../settings-check.js';
import type { Summary } from '../types.js';

export function settingsEditor(input: {
  ctx: Ctx;
  summary: Summary;
  save: (patch: Record<string, unknown>) => Promise<unknown>;
}): HTMLElement | null {
  const s = input.summary;
  if (s.status === 'ended') return null;
  const box = h('div', { class: 'settings-body' }, h('p', null, t('loading')));
  const details = h(
    'details',
    { class: 'gm-settings', 'data-keep': 'gm-settings', 'data-testid': 'gm-settings', open: s.status === 'lobby' },
    h('summary', null, s.status === 'lobby' ? t('gm-settings-lobby') : t('gm-settings-live')),
    box,
  );
  void rulesetInfo(s.ruleset).then((info) => {
    if (!info) return;
    const lobby = s.status === 'lobby';
    // After the start only the live settings are offered (the rest is fixed, D-40).
    const props = info.settings.properties ?? {};
    const schema = lobby
      ? info.settings
      : { ...info.settings, properties: Object.fromEntries(Object.entries(props).filter(([k]) => info.liveSettings.includes(k))) };
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
              status.replaceChildren(
                h('p', null, t('fix-errors')),
                h(
                  'ul',
                  null,
                  read.errors.map((m) => h('li', null, m)),
                ),
              );
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
      forumPicker(s, input.save),
    );
  });
  return details;
}

/**
 * The forum the GM posts to (the platform's live `forum` setting, issue 42): the markup of the posts the
 * page copies and Discourse receives. Saved on its own, at any time, and confirmed.
 */
function forumPicker(s: Summary, save: (patch: Record<string, unknown>) => Promise<unknown>): HTMLElement {
  const id = `gm-forum-${s.id}`;
  const current = typeof s.settings.forum === 'string' ? s.settings.forum : 'phpbb';
  const select = h(
    'select',
    { id, 'data-testid': 'gm-forum' },
    FORUM_IDS.map((f) => h('option', { value: f, selected: f === current }, FORUMS[f])),
  ) as HTMLSelectElement;
  const status = h('span', { class: 'status', role: 'status', 'aria-live': 'polite', 'data-testid': 'gm-forum-status' });
  const button = h('button', { type: 'button', 'data-testid': 'gm-forum-save' }, t('save'));
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      await save({ forum: select.value });
      status.textContent = t('saved');
    } catch (error) {
      status.textContent = refusalText(error);
    } finally {
      button.disabled = false;
    }
  });
  return h('div', { class: 'gm-forum' }, h('label', { for: id }, t('post-forum')), select, button, status);
}
