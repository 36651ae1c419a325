// The GM's page to create a match: the settings form is generated from the ruleset's settings schema.
import { api, ApiError } from './api.js';
import { h, mount, nextId } from './dom.js';
import { emptyCtx } from './format.js';
import { t, refusalText } from './lang.js';
import { rulesets } from './rulesets.js';
import { schemaForm, type SchemaForm } from './schema-form.js';
import { checkSettings } from './settings-check.js';
import { saveKeys } from './store.js';
import { toast } from './ui.js';

export function createPage(root: HTMLElement, preset?: string): () => void {
  const box = h('div', null, h('p', null, t('loading')));
  const titleId = nextId('h');
  mount(root, h('h1', { id: titleId }, t('create-match')), h('section', { class: 'panel', id: 'create', 'aria-labelledby': titleId }, box));
  void (async () => {
    try {
      const list = await rulesets();
      const rsId = nextId('rs');
      const nameId = nextId('nm');
      const ruleset = h(
        'select',
        { id: rsId, name: 'ruleset', 'data-testid': 'ruleset' },
        list.map((r) => h('option', { value: r.id, selected: r.id === preset }, t(`ruleset-${r.id}`))),
      );
      const name = h('input', { id: nameId, type: 'text', maxlength: 80, required: true, 'data-testid': 'match-name' });
      const privateId = nextId('pv');
      const unlisted = h('input', { id: privateId, type: 'checkbox', 'data-testid': 'create-private' });
      const settingsBox = h('div', { class: 'settings' });
      const status = h('div', { class: 'status', role: 'alert' });
      let form: SchemaForm | null = null;
      const showSettings = () => {
        const info = list.find((r) => r.id === ruleset.value);
        if (!info) return;
        form = schemaForm(emptyCtx(info.id), info.settings, info.defaults, { live: info.liveSettings });
        settingsBox.replaceChildren(h('h2', { class: 'sub' }, t('settings')), h('p', { class: 'hint' }, t('settings-hint')), form.el);
      };
      ruleset.addEventListener('change', showSettings);
      showSettings();
      const submit = h('button', { type: 'submit', class: 'primary', 'data-testid': 'create-submit' }, t('create'));
      mount(
        box,
        h(
          'form',
          {
            class: 'create',
            novalidate: true,
            onsubmit: async (e: Event) => {
              e.preventDefault();
              status.replaceChildren();
              if (!name.value.trim()) {
                status.textContent = t('field-required', { field: t('match-name') });
                name.focus();
                return;
              }
              const read = form!.read();
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
              submit.disabled = true;
              try {
                // The API's own check first, so every problem shows by its field before anything is created.
                if (!(await checkSettings(ruleset.value, read.value, form!, status))) return;
                const r = await api('POST', '/api/matches', {
                  body: {
                    ruleset: ruleset.value,
                    name: name.value.trim(),
                    settings: read.value,
                    ...(unlisted.checked ? { listed: false } : {}),
                  },
                });
                saveKeys(r.matchId, { gm: r.gmToken, name: name.value.trim(), ruleset: ruleset.value });
                toast(t('created'));
                location.hash = `#/m/${encodeURIComponent(r.matchId)}`;
              } catch (error) {
                if (error instanceof ApiError) {
                  status.replaceChildren(h('p', null, refusalText(error)));
                  form!.showServerError(error);
                } else status.textContent = refusalText(error);
              } finally {
                submit.disabled = false;
              }
            },
          },
          h('div', { class: 'field' }, h('label', { for: rsId }, t('ruleset')), ruleset),
          h('div', { class: 'field' }, h('label', { for: nameId }, t('match-name')), name),
          h('div', { class: 'field check' }, unlisted, h('label', { for: privateId }, t('create-private'))),
          settingsBox,
          status,
          h('div', { class: 'buttons' }, submit),
        ),
      );
    } catch (error) {
      mount(box, h('p', { class: 'status error' }, refusalText(error)));
    }
  })();
  return () => {};
}
