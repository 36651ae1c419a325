// Tiny DOM helpers. Every string child becomes a text node: text from players is never parsed as markup.
export type Child = Node | string | number | null | undefined | false | Child[];
type Handler = (event: any) => void;
export interface Props {
  class?: string | undefined;
  [attr: string]: string | number | boolean | Handler | undefined | null;
}

function append(parent: Node, child: Child): void {
  if (child === null || child === undefined || child === false) return;
  if (Array.isArray(child)) {
    for (const c of child) append(parent, c);
    return;
  }
  parent.appendChild(typeof child === 'string' || typeof child === 'number' ? document.createTextNode(String(child)) : child);
}

function apply(el: Element, props: Props | null | undefined): void {
  if (!props) return;
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') {
      el.addEventListener(key.slice(2).toLowerCase(), value as EventListener);
    } else if (key === 'value' && 'value' in el) {
      (el as HTMLInputElement).value = String(value);
    } else if (key === 'checked' && el instanceof HTMLInputElement) {
      el.checked = value === true;
    } else if (key === 'selected' && el instanceof HTMLOptionElement) {
      el.selected = value === true;
    } else {
      el.setAttribute(key, value === true ? '' : String(value));
    }
  }
}

/** Creates an HTML element; children strings are text, never markup. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props?: Props | null, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  apply(el, props);
  append(el, children);
  return el;
}

const SVG = 'http://www.w3.org/2000/svg';
/** Creates an SVG element. */
export function s(tag: string, props?: Props | null, ...children: Child[]): SVGElement {
  const el = document.createElementNS(SVG, tag);
  apply(el, props);
  append(el, children);
  return el as SVGElement;
}

/** Replaces every child of `el`. */
export function mount(el: Element, ...children: Child[]): void {
  el.replaceChildren();
  append(el, children);
}

export const $ = <T extends Element = HTMLElement>(sel: string, root: ParentNode = document): T | null => root.querySelector<T>(sel);

let uid = 0;
export const nextId = (prefix = 'f'): string => `${prefix}${++uid}`;
