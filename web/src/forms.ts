// Action forms, built only from the API's available actions and their field specs: no rule lives here.
import { cardInfo } from './card-dialog.js';
import type { ActionInput, AvailableAction, FieldSpec } from '../../engine/core/types.js';
import { h, nextId, type Child } from './dom.js';
import { fmtValue, nameText, type Ctx } from './format.js';
import { actionLabel, dict, fieldLabel, t, refusalText } from './lang.js';

export type { ActionInput, AvailableAction, FieldSpec };

interface FieldControl {
  el: HTMLElement;
  read(): { value?: unknown; error?: string };
}

function optionLabel(ctx: Ctx, id: string): string {
  return nameText(ctx, id);
}

function select(ctx: Ctx, id: string, options: string[], required: boolean, current: unknown): HTMLSelectElement {
  const el = h('select', { id, name: id, required });
  el.appendChild(h('option', { value: '' }, required ? t('choose') : t('none-option')));
  for (const o of options) el.appendChild(h('option', { value: o, selected: current === o }, optionLabel(ctx, o)));
  if (typeof current === 'string' && options.includes(current)) el.value = current;
  return el;
}

function fieldControl(ctx: Ctx, name: string, spec: FieldSpec, current: unknown, zoneSelects: HTMLSelectElement[]): FieldControl {
  const id = nextId('fld');
  const label = (extra?: Child) => h('label', { for: id }, fieldLabel(name), extra ?? null);
  switch (spec.kind) {
    case 'player':
    case 'choice':
    case 'zone': {
      const el = select(ctx, id, spec.options, spec.required, current);
      if (spec.kind === 'zone') {
        el.dataset.zoneField = name;
        zoneSelects.push(el);
      }
      return {
        el: h('div', { class: 'field' }, label(), el),
        read: () => (el.value ? { value: el.value } : spec.required ? { error: t('field-required', { field: fieldLabel(name) }) } : {}),
      };
    }
    case 'players': {
      const picked = Array.isArray(current) ? (current as string[]) : [];
      const max = Math.max(1, Math.min(spec.max, 12));
      const selects: HTMLSelectElement[] = [];
      for (let i = 0; i < max; i++) {
        const sid = i === 0 ? id : nextId('fld');
        const sel = select(ctx, sid, spec.options, i < spec.min, picked[i]);
        sel.setAttribute('aria-label', `${fieldLabel(name)} ${i + 1}`);
        selects.push(sel);
      }
      return {
        el: h(
          'div',
          { class: 'field' },
          label(spec.max > 1 ? h('small', null, ` (${spec.min}–${spec.max})`) : null),
          h('div', { class: 'multi' }, selects),
        ),
        read: () => {
          const values = selects.map((s) => s.value).filter(Boolean);
          if (values.length < spec.min) return { error: t('field-min', { field: fieldLabel(name), n: spec.min }) };
          return values.length ? { value: values } : {};
        },
      };
    }
    case 'counts': {
      const counts = current && typeof current === 'object' ? (current as Record<string, number>) : {};
      const inputs = new Map<string, HTMLInputElement>();
      const total = h('output', { class: 'total' });
      const update = () => {
        let sum = 0;
        for (const [item, input] of inputs) sum += (Number(input.value) || 0) * (spec.options[item] ?? 0);
        total.textContent = spec.budget !== undefined ? t('total-budget', { total: sum, budget: spec.budget }) : t('total', { total: sum });
        total.classList.toggle('over', spec.budget !== undefined && sum > spec.budget);
      };
      const rows = Object.entries(spec.options).map(([item, price]) => {
        const iid = nextId('cnt');
        const input = h('input', {
          id: iid,
          type: 'number',
          min: 0,
          step: 1,
          inputmode: 'numeric',
          value: counts[item] ?? 0,
          'data-item': item,
          oninput: update,
        });
        inputs.set(item, input);
        return h(
          'tr',
          null,
          h('td', null, h('label', { for: iid }, fmtText(ctx, item)), ' ', cardInfo(ctx.ruleset, item)),
          h('td', { class: 'num' }, String(price)),
          h('td', null, input),
        );
      });
      update();
      return {
        el: h(
          'div',
          { class: 'field counts' },
          h(
            'table',
            { class: 'shop' },
            h(
              'thead',
              null,
              h('tr', null, h('th', null, fieldLabel(name)), h('th', { class: 'num' }, t('price')), h('th', null, t('quantity'))),
            ),
            h('tbody', null, rows),
          ),
          total,
        ),
        read: () => {
          const out: Record<string, number> = {};
          for (const [item, input] of inputs) {
            const v = Number(input.value);
            if (!Number.isInteger(v) || v < 0) return { error: t('field-count', { field: fmtText(ctx, item) }) };
            if (v > 0) out[item] = v;
          }
          return { value: out };
        },
      };
    }
    case 'number': {
      const el = h('input', {
        id,
        type: 'number',
        min: spec.min,
        max: spec.max,
        step: 1,
        required: spec.required,
        value: typeof current === 'number' ? current : '',
      });
      return {
        el: h('div', { class: 'field' }, label(h('small', null, ` (${spec.min}–${spec.max})`)), el),
        read: () => {
          if (el.value === '') return spec.required ? { error: t('field-required', { field: fieldLabel(name) }) } : {};
          const v = Number(el.value);
          if (!Number.isFinite(v) || v < spec.min || v > spec.max)
            return { error: t('field-range', { field: fieldLabel(name), min: spec.min, max: spec.max }) };
          return { value: v };
        },
      };
    }
    case 'boolean': {
      const el = h('input', { id, type: 'checkbox', checked: current === true });
      return { el: h('div', { class: 'field check' }, el, label()), read: () => ({ value: el.checked }) };
    }
    case 'text': {
      const el = h('textarea', { id, maxlength: spec.maxLength, rows: 3, required: spec.required });
      el.value = typeof current === 'string' ? current : '';
      return {
        el: h('div', { class: 'field' }, label(), el),
        read: () =>
          el.value.trim() ? { value: el.value } : spec.required ? { error: t('field-required', { field: fieldLabel(name) }) } : {},
      };
    }
    default: {
      // A field kind this page does not know yet: JSON, so a new kind never blocks a player.
      const el = h('textarea', { id, rows: 2, placeholder: 'JSON' });
      if (current !== undefined) el.value = JSON.stringify(current);
      return {
        el: h('div', { class: 'field' }, label(), el),
        read: () => {
          if (!el.value.trim()) return {};
          try {
            return { value: JSON.parse(el.value) };
          } catch {
            return { error: t('field-json', { field: fieldLabel(name) }) };
          }
        },
      };
    }
  }
}

function fmtText(ctx: Ctx, id: string): string {
  return nameText(ctx, id);
}

export interface ActionFormOptions {
  ctx: Ctx;
  action: AvailableAction;
  disabled?: boolean;
  submit(payload: ActionInput): Promise<unknown>;
  withdraw(slot: string): Promise<unknown>;
}

/** One form per available action; `zoneSelects` lets a map fill its zone fields. */
export function actionForm(opts: ActionFormOptions): { el: HTMLFormElement; zoneSelects: HTMLSelectElement[] } {
  const { ctx, action } = opts;
  // A slot may hold another type of action (Kill Game's move and stay share `position`): this form
  // then replaces it, and only the form of that type shows it as submitted.
  const stored = action.submitted;
  const submitted = stored && stored.type === action.type ? stored : undefined;
  const replaces = stored && !submitted ? h('p', { class: 'hint' }, t('replaces', { action: actionLabel(stored.type) })) : null;
  const zoneSelects: HTMLSelectElement[] = [];
  const controls = Object.entries(action.fields).map(
    ([name, spec]) => [name, fieldControl(ctx, name, spec, submitted?.[name], zoneSelects)] as const,
  );
  // A field whose meaning its label cannot carry gets one line (the pack's mauler and backup, issue 15).
  for (const [name, control] of controls) {
    const hint = dict().ui[`field-hint-${action.type}-${name}`];
    if (hint) control.el.appendChild(h('p', { class: 'hint', 'data-hint': name }, hint));
  }
  const status = h('p', { class: 'status', role: 'status', 'aria-live': 'polite' });
  const send = h('button', { type: 'submit', class: 'primary', disabled: opts.disabled }, submitted ? t('change') : t('send'));
  const withdraw = submitted
    ? h('button', { type: 'button', class: 'ghost', disabled: opts.disabled, 'data-withdraw': action.slot }, t('withdraw'))
    : null;
  const busy = (on: boolean) => {
    send.disabled = on || Boolean(opts.disabled);
    if (withdraw) withdraw.disabled = on || Boolean(opts.disabled);
  };
  const fail = (error: unknown) => {
    status.className = 'status error';
    status.textContent = refusalText(error);
  };
  const form = h(
    'form',
    { class: `action${submitted ? ' has-submitted' : ''}`, 'data-type': action.type, 'data-slot': action.slot, novalidate: true },
    h('h4', null, actionLabel(action.type), submitted ? h('span', { class: 'badge ok' }, t('submitted')) : null),
    controls.map(([, c]) => c.el),
    replaces,
    h('div', { class: 'buttons' }, send, withdraw),
    status,
  );
  // Issue 44: a control the player changes is his until he sends it; a refresh keeps it (ui.ts Slot).
  const touch = (event: Event) => {
    if (event.target instanceof HTMLElement) event.target.dataset.touched = '1';
  };
  form.addEventListener('input', touch);
  form.addEventListener('change', touch);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    // What is sent now is no longer "touched": the stored value is shown after the refresh, unless
    // the player changes it again meanwhile.
    form.querySelectorAll<HTMLElement>('[data-touched]').forEach((c) => delete c.dataset.touched);
    const payload: ActionInput = { type: action.type };
    const errors: string[] = [];
    for (const [name, control] of controls) {
      const r = control.read();
      if (r.error) errors.push(r.error);
      else if (r.value !== undefined) payload[name] = r.value;
    }
    if (errors.length) {
      status.className = 'status error';
      status.textContent = errors.join(' ');
      return;
    }
    busy(true);
    status.className = 'status';
    status.textContent = t('sending');
    try {
      await opts.submit(payload);
      status.className = 'status ok';
      status.textContent = t('sent');
    } catch (error) {
      fail(error);
    } finally {
      busy(false);
    }
  });
  withdraw?.addEventListener('click', async () => {
    busy(true);
    try {
      await opts.withdraw(action.slot);
      status.className = 'status ok';
      status.textContent = t('withdrawn');
    } catch (error) {
      fail(error);
    } finally {
      busy(false);
    }
  });
  return { el: form, zoneSelects };
}
