// A form generated from a JSON Schema (the API's settings and join options): defaults filled in,
// invalid values explained next to their field.
import type { ApiError } from './api.js';
import { h, nextId, type Child } from './dom.js';
import { nameText, type Ctx } from './format.js';
import { dict, fieldLabel, t } from './lang.js';
import { issueText } from './settings-check.js';

export type Schema = Record<string, any>;

interface Control {
  el: HTMLElement;
  /** Returns the value, or records errors and returns undefined. */
  read(errors: string[]): unknown;
  showError(message: string): void;
  path: string;
}

function labelFor(ctx: Ctx, key: string): string {
  if (dict().fields[key]) return fieldLabel(key);
  const game = nameText(ctx, key);
  return game !== key ? game : fieldLabel(key);
}

function withError(field: HTMLElement): { box: HTMLElement; show(message: string): void; clear(): void } {
  const err = h('p', { class: 'field-error', role: 'alert' });
  field.appendChild(err);
  return {
    box: field,
    show(message: string) {
      err.textContent = message;
      field.classList.add('invalid');
      field.querySelectorAll('input,select,textarea').forEach((i) => i.setAttribute('aria-invalid', 'true'));
    },
    clear() {
      err.textContent = '';
      field.classList.remove('invalid');
      field.querySelectorAll('[aria-invalid]').forEach((i) => i.removeAttribute('aria-invalid'));
    },
  };
}

/**
 * A text box's (or JSON area's) control: its trimmed text as `value` makes it, unless `problem` finds one, which the
 * field shows and `read` lists under the field's title.
 */
function inputControl(
  field: HTMLElement,
  path: string,
  title: string,
  input: HTMLInputElement | HTMLTextAreaElement,
  value: (raw: string) => unknown,
  problem: (raw: string) => string | null,
): Control {
  const e = withError(field);
  return {
    el: field,
    path,
    showError: e.show,
    read: (errors) => {
      e.clear();
      const raw = input.value.trim();
      const found = problem(raw);
      if (found) {
        e.show(found);
        errors.push(`${title}: ${found}`);
        return undefined;
      }
      return value(raw);
    },
  };
}

function isNullable(schema: Schema): { inner: Schema } | null {
  const any = schema.anyOf as Schema[] | undefined;
  if (!any) return null;
  const nonNull = any.filter((s) => s.type !== 'null');
  return nonNull.length === 1 && nonNull.length < any.length ? { inner: nonNull[0]! } : null;
}

function hint(schema: Schema): string {
  if (schema.minimum !== undefined && schema.maximum !== undefined) return `${schema.minimum}–${schema.maximum}`;
  if (schema.minimum !== undefined) return `≥ ${schema.minimum}`;
  if (schema.maximum !== undefined) return `≤ ${schema.maximum}`;
  return '';
}

function control(ctx: Ctx, key: string, path: string, schema: Schema, value: unknown, live: Set<string> | null, optional = false): Control {
  const id = nextId('set');
  const title = labelFor(ctx, key);
  const liveMark = live?.has(key) ? h('span', { class: 'badge', title: t('live-setting-hint') }, t('live-setting')) : null;
  const label = (extra?: Child) => h('label', { for: id }, title, liveMark, extra ?? null);
  const type = schema.type;

  if (type === 'boolean') {
    const input = h('input', { id, type: 'checkbox', checked: value === true, name: path });
    const field = h('div', { class: 'field check', 'data-path': path }, input, label());
    const e = withError(field);
    return { el: field, path, showError: e.show, read: () => (e.clear(), input.checked) };
  }

  if ((type === 'integer' || type === 'number') && !schema.enum) {
    const input = h('input', {
      id,
      type: 'number',
      name: path,
      step: type === 'integer' ? 1 : 'any',
      min: schema.minimum,
      max: schema.maximum,
      value: typeof value === 'number' ? value : '',
    });
    const hintText = hint(schema);
    const field = h('div', { class: 'field', 'data-path': path }, label(hintText ? h('small', null, ` (${hintText})`) : null), input);
    return inputControl(field, path, title, input, Number, (raw) => {
      const v = Number(raw);
      if (raw === '' || !Number.isFinite(v)) return t('err-number');
      if (type === 'integer' && !Number.isInteger(v)) return t('err-integer');
      if (schema.minimum !== undefined && v < schema.minimum) return t('err-min', { min: schema.minimum });
      if (schema.maximum !== undefined && v > schema.maximum) return t('err-max', { max: schema.maximum });
      return null;
    });
  }

  if (schema.enum) {
    // An optional choice without a default starts empty: nothing is chosen for the player.
    const blank = optional && schema.default === undefined ? h('option', { value: '', selected: value === undefined }, t('choose')) : null;
    const input = h(
      'select',
      { id, name: path },
      blank,
      (schema.enum as unknown[]).map((o) => h('option', { value: String(o), selected: o === value }, nameText(ctx, String(o)))),
    );
    const field = h('div', { class: 'field', 'data-path': path }, label(), input);
    const e = withError(field);
    return {
      el: field,
      path,
      showError: e.show,
      read: () => {
        e.clear();
        const raw = input.value;
        return raw === '' ? undefined : (schema.enum as unknown[]).find((o) => String(o) === raw);
      },
    };
  }

  if (type === 'string') {
    const listId = key === 'timezone' ? nextId('tz') : null;
    const input = h('input', {
      id,
      type: 'text',
      name: path,
      value: typeof value === 'string' ? value : '',
      maxlength: schema.maxLength,
      list: listId ?? undefined,
      autocomplete: 'off',
    });
    const field = h(
      'div',
      { class: 'field', 'data-path': path },
      label(schema.pattern ? h('small', null, key.endsWith('-start') ? ' (HH:MM)' : '') : null),
      input,
    );
    if (listId) {
      const zones = (Intl as any).supportedValuesOf?.('timeZone') as string[] | undefined;
      field.appendChild(
        h(
          'datalist',
          { id: listId },
          (zones ?? []).map((z) => h('option', { value: z })),
        ),
      );
    }
    return inputControl(
      field,
      path,
      title,
      input,
      (raw) => raw,
      (v) => {
        if (schema.minLength && v.length < schema.minLength) return t('err-required');
        if (schema.pattern && !new RegExp(schema.pattern).test(v)) return t('err-pattern');
        if (key === 'timezone') {
          try {
            new Intl.DateTimeFormat('en', { timeZone: v });
          } catch {
            return t('err-timezone');
          }
        }
        return null;
      },
    );
  }

  if (type === 'array' && schema.items?.enum) {
    const options = schema.items.enum as string[];
    const list = h('ol', { class: 'list-editor' });
    const count = h('span', { class: 'count' });
    const refresh = () => {
      count.textContent = t('n-items', { n: list.children.length });
    };
    const addRow = (v: string) => {
      const sel = h(
        'select',
        { 'aria-label': title },
        options.map((o) => h('option', { value: o, selected: o === v }, nameText(ctx, o))),
      );
      sel.value = v;
      const li = h(
        'li',
        null,
        sel,
        h('button', { type: 'button', class: 'ghost small', 'aria-label': t('remove'), onclick: () => (li.remove(), refresh()) }, '✕'),
      );
      list.appendChild(li);
      refresh();
    };
    for (const v of Array.isArray(value) ? (value as string[]) : []) addRow(v);
    const add = h('button', { id, type: 'button', class: 'ghost small', onclick: () => addRow(options[0]!) }, `+ ${t('add')}`);
    const field = h('div', { class: 'field', 'data-path': path }, h('label', { for: id }, title, liveMark, ' ', count), list, add);
    const e = withError(field);
    return {
      el: field,
      path,
      showError: e.show,
      read: (errors) => {
        e.clear();
        const values = [...list.querySelectorAll('select')].map((s) => s.value);
        if (schema.minItems !== undefined && values.length < schema.minItems) {
          e.show(t('err-min-items', { n: schema.minItems }));
          errors.push(title);
          return undefined;
        }
        return values;
      },
    };
  }

  if (type === 'array' && Array.isArray(schema.prefixItems)) {
    const parts = (schema.prefixItems as Schema[]).map((s, i) =>
      control(ctx, `${i + 1}`, `${path}.${i}`, s, Array.isArray(value) ? value[i] : undefined, null),
    );
    const field = h(
      'fieldset',
      { class: 'field tuple', 'data-path': path },
      h('legend', null, title, liveMark),
      parts.map((p) => p.el),
    );
    const e = withError(field);
    return {
      el: field,
      path,
      showError: e.show,
      read: (errors) => {
        e.clear();
        const out = parts.map((p) => p.read(errors));
        return out.some((v) => v === undefined) ? undefined : out;
      },
    };
  }

  if (type === 'object' && schema.properties) {
    const obj = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
    const parts = Object.entries(schema.properties as Record<string, Schema>).map(
      ([k, s]) => [k, control(ctx, k, `${path}.${k}`, s, obj[k] ?? s.default, null)] as const,
    );
    const field = h(
      'details',
      { class: 'field group', 'data-path': path },
      h('summary', null, title, liveMark),
      h(
        'div',
        { class: 'group-body' },
        parts.map(([, p]) => p.el),
      ),
    );
    const e = withError(field);
    return {
      el: field,
      path,
      showError: (m) => {
        (field as HTMLDetailsElement).open = true;
        e.show(m);
      },
      read: (errors) => {
        e.clear();
        const out: Record<string, unknown> = {};
        let bad = false;
        for (const [k, p] of parts) {
          const before = errors.length;
          const v = p.read(errors);
          if (errors.length > before) {
            bad = true;
            (field as HTMLDetailsElement).open = true;
          } else if (v !== undefined) out[k] = v;
        }
        return bad ? undefined : out;
      },
    };
  }

  // Anything richer (a custom map, a catalog): JSON, empty for "none".
  const nullable = isNullable(schema);
  const area = h('textarea', { id, rows: 3, class: 'json', spellcheck: 'false', placeholder: nullable ? t('json-empty-none') : 'JSON' });
  if (value !== undefined && value !== null) area.value = JSON.stringify(value, null, 1);
  const field = h('div', { class: 'field', 'data-path': path }, label(h('small', null, ' (JSON)')), area);
  const parses = (raw: string) => {
    try {
      JSON.parse(raw);
      return true;
    } catch {
      return false;
    }
  };
  return inputControl(
    field,
    path,
    title,
    area,
    (raw) => (raw ? JSON.parse(raw) : nullable || schema.default === null ? null : undefined),
    (raw) => (raw && !parses(raw) ? t('err-json') : null),
  );
}

export interface SchemaForm {
  el: HTMLElement;
  /** The values that differ from the defaults (every value with `all`), or null with errors shown. */
  read(all?: boolean): { value: Record<string, unknown> | null; errors: string[] };
  /** Marks the fields a refusal names (its issues, or the paths of `path: …; …`), in the page's words. */
  showServerError(error: ApiError): void;
  /** Shows one message next to the field of `path` (`roles`, `player-count`, `group.key`). */
  showError(path: string, message: string): boolean;
  /** The words the form shows for the setting of `path`, never its raw key (issue 44). */
  labelOf(path: string): string;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function schemaForm(
  ctx: Ctx,
  schema: Schema,
  defaults: Record<string, unknown>,
  options: { live?: readonly string[]; values?: Record<string, unknown> } = {},
): SchemaForm {
  const props = (schema.properties ?? {}) as Record<string, Schema>;
  const live = options.live ? new Set(options.live) : null;
  const values = { ...defaults, ...options.values };
  const required = new Set<string>((schema.required as string[] | undefined) ?? []);
  const controls = Object.entries(props).map(
    ([key, s]) => [key, control(ctx, key, key, s, values[key] ?? s.default, live, !required.has(key))] as const,
  );
  const el = h(
    'div',
    { class: 'schema-form' },
    controls.map(([, c]) => c.el),
  );
  return {
    el,
    read(all = false) {
      const errors: string[] = [];
      const out: Record<string, unknown> = {};
      for (const [key, c] of controls) {
        const before = errors.length;
        const v = c.read(errors);
        if (errors.length === before && v !== undefined && (all || !same(v, defaults[key]))) out[key] = v;
      }
      return { value: errors.length ? null : out, errors };
    },
    showServerError(error: ApiError) {
      // Only the paths are read from the server's message: the words next to a field are the page's own.
      if (error.issues?.length) {
        for (const issue of error.issues) this.showError(issue.path, issueText(issue));
        return;
      }
      for (const part of error.message.split('; ')) {
        const m = /^([\w.-]+): /.exec(part);
        if (m) this.showError(m[1]!, t('issue-invalid-value'));
      }
    },
    showError(path: string, message: string) {
      const target = controls.find(([k]) => path === k || path.startsWith(`${k}.`));
      target?.[1].showError(message);
      return Boolean(target);
    },
    labelOf(path: string) {
      const key = controls.find(([k]) => path === k || path.startsWith(`${k}.`))?.[0] ?? path.split('.')[0]!;
      return labelFor(ctx, key);
    },
  };
}
