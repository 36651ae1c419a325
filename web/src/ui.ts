// Shared page pieces: panels, copy buttons, toasts, keyed re-rendering.
import { h, mount, nextId, type Child } from './dom.js';
import { t } from './lang.js';

/** A titled section; `level` 2 where it sits right under the page's h1 (headings go down one step at a time). */
export function panel(title: Child, body: Child, props: { id?: string; class?: string; level?: 2 | 3 } = {}): HTMLElement {
  const hid = nextId('ph');
  return h(
    'section',
    { class: `panel ${props.class ?? ''}`.trim(), id: props.id, 'aria-labelledby': hid },
    h(props.level === 2 ? 'h2' : 'h3', { id: hid, class: 'panel-title' }, title),
    body,
  );
}

/** Re-renders its element only when the data it shows has changed (so forms keep what is typed). */
export class Slot {
  private last: string | null = null;
  constructor(readonly el: HTMLElement) {}
  set(key: unknown, render: () => Child): void {
    const k = JSON.stringify(key) ?? 'undefined';
    if (k === this.last) return;
    this.last = k;
    // What the reader opened or closed stays so (details with a `data-keep` key).
    const kept = new Map<string, boolean>();
    this.el.querySelectorAll<HTMLDetailsElement>('details[data-keep]').forEach((d) => kept.set(d.dataset.keep!, d.open));
    const touched = touchedFields(this.el);
    mount(this.el, render());
    if (touched.size) restoreTouched(this.el, touched);
    if (kept.size)
      this.el.querySelectorAll<HTMLDetailsElement>('details[data-keep]').forEach((d) => {
        const open = kept.get(d.dataset.keep!);
        if (open !== undefined) d.open = open;
      });
  }
  reset(): void {
    this.last = null;
  }
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
const controlsOf = (form: Element) => [...form.querySelectorAll<Control>('input, select, textarea')];

/**
 * Issue 44: what the player changed in an action form and has not sent yet (`data-touched`, set by
 * the form), by form type and control position, so a refresh never overwrites it.
 */
function touchedFields(root: HTMLElement): Map<string, { value: string; checked: boolean }> {
  const out = new Map<string, { value: string; checked: boolean }>();
  root.querySelectorAll<HTMLFormElement>('form[data-type]').forEach((form) =>
    controlsOf(form).forEach((c, i) => {
      if (c.dataset.touched) out.set(`${form.dataset.type}|${i}`, { value: c.value, checked: c instanceof HTMLInputElement && c.checked });
    }),
  );
  return out;
}

function restoreTouched(root: HTMLElement, touched: Map<string, { value: string; checked: boolean }>): void {
  root.querySelectorAll<HTMLFormElement>('form[data-type]').forEach((form) =>
    controlsOf(form).forEach((c, i) => {
      const was = touched.get(`${form.dataset.type}|${i}`);
      if (!was) return;
      if (c instanceof HTMLInputElement && (c.type === 'checkbox' || c.type === 'radio')) c.checked = was.checked;
      else c.value = was.value;
      c.dataset.touched = '1';
      // Totals and dependent hints follow the restored value.
      c.dispatchEvent(new Event('input', { bubbles: true }));
    }),
  );
}

let toastBox: HTMLElement | null = null;
export function toast(message: string, kind: 'ok' | 'error' = 'ok'): void {
  if (!toastBox) {
    toastBox = h('div', { class: 'toasts', role: 'status', 'aria-live': 'polite' });
    document.body.appendChild(toastBox);
  }
  const item = h('div', { class: `toast ${kind}` }, message);
  toastBox.appendChild(item);
  setTimeout(() => item.remove(), 4000);
}

/** A read-only field with its value selected on focus, and a button that copies it. */
export function copyField(label: string, value: string, props: { secret?: boolean; testid?: string } = {}): HTMLElement {
  const id = nextId('cp');
  const input = h('input', {
    id,
    type: 'text',
    readonly: true,
    value,
    class: props.secret ? 'secret' : undefined,
    'data-testid': props.testid,
    onfocus: () => input.select(),
  });
  const button = h(
    'button',
    {
      type: 'button',
      class: 'ghost small',
      onclick: async () => {
        input.select();
        try {
          await navigator.clipboard.writeText(value);
          toast(t('copied'));
        } catch {
          toast(t('copy-by-hand'));
        }
      },
    },
    t('copy'),
  );
  return h('div', { class: 'copy-field' }, h('label', { for: id }, label), h('div', { class: 'row' }, input, button));
}
