// Pure: a seat's available actions (the data the page's forms use) as inline keyboards, and the compact
// callback data their buttons carry (≤ 64 bytes): the match, the seat number, the phase (the guard of
// decision 6), an action's index with a digest of its fields (a keyboard drawn from older options is
// refused, never read against newer ones), and the option picked for each field so far.
import { createHash } from 'node:crypto';
import type { ActionInput, AvailableAction, FieldSpec } from '../../engine/core/types.js';
import { DICTS, format, humanize, phaseText, termText, type Lang } from '../../texts/index.js';
import type { InlineButton, InlineKeyboard } from './bot-api.js';

/** Telegram's bound on callback_data. */
export const CALLBACK_MAX_BYTES = 64;

export type Press =
  | { op: 'menu' }
  | { op: 'check' }
  | { op: 'pick'; action: number; digest: string; picks: number[] }
  | { op: 'withdraw'; action: number; digest: string };

export interface Pressed {
  matchId: string;
  seat: number;
  phase: string;
  press: Press;
}

/** A field a button can fill: one pick among listed options. Text fields are the page's. */
function choicesOf(field: FieldSpec): string[] | null {
  switch (field.kind) {
    case 'player':
    case 'zone':
    case 'choice':
    case 'players':
      return field.options;
    case 'counts':
      return Object.keys(field.options);
    case 'boolean':
      return ['yes', 'no'];
    case 'number':
      return field.required ? Array.from({ length: Math.min(field.max - field.min + 1, 8) }, (_, i) => String(field.min + i)) : null;
    default:
      return null;
  }
}

/** Whether the action may leave the field out. */
const optional = (field: FieldSpec): boolean =>
  ('required' in field && !field.required) || (field.kind === 'players' && field.min === 0) || field.kind === 'counts';

/** The fields a player picks by buttons, in order: optional numbers are left to their default. */
const pickedFields = (action: AvailableAction) => Object.entries(action.fields).filter(([, f]) => choicesOf(f) !== null);

/** Whether the keyboard can submit this action (every required field is one a button fills). */
export const byButtons = (action: AvailableAction): boolean =>
  Object.values(action.fields).every(
    (f) => choicesOf(f) !== null || (f.kind === 'number' && !f.required) || (f.kind === 'text' && !f.required),
  );

/** A short digest of what an action offers: a press made on other options is stale. */
export const digestOf = (action: AvailableAction): string =>
  createHash('sha256')
    .update(JSON.stringify([action.type, action.slot, action.fields]))
    .digest('base64url')
    .slice(0, 5);

export function encode(p: Pressed): string {
  const head = `${p.matchId}|${p.seat}|${p.phase}`;
  const { press } = p;
  const data =
    press.op === 'menu'
      ? `${head}|m`
      : press.op === 'check'
        ? `${head}|c`
        : press.op === 'withdraw'
          ? `${head}|w|${press.action}|${press.digest}`
          : `${head}|a|${press.action}|${press.digest}|${press.picks.join('.')}`;
  if (Buffer.byteLength(data) > CALLBACK_MAX_BYTES) throw new Error(`callback data over ${CALLBACK_MAX_BYTES} bytes: ${data.length}`);
  return data;
}

const INT = /^\d{1,3}$/;

/** The press a button's data names; null for data no keyboard of dusk's writes. */
export function decode(data: string | undefined): Pressed | null {
  if (!data || Buffer.byteLength(data) > CALLBACK_MAX_BYTES) return null;
  const [matchId, seat, phase, op, action, digest, picks, ...rest] = data.split('|');
  if (
    !matchId ||
    !/^[a-z0-9]{4,32}$/.test(matchId) ||
    !seat ||
    !INT.test(seat) ||
    !phase ||
    !/^[a-z0-9-]{1,24}$/.test(phase) ||
    rest.length
  )
    return null;
  const head = { matchId, seat: Number(seat), phase };
  if (op === 'm' && action === undefined) return { ...head, press: { op: 'menu' } };
  if (op === 'c' && action === undefined) return { ...head, press: { op: 'check' } };
  if (!action || !INT.test(action) || !digest || !/^[A-Za-z0-9_-]{5}$/.test(digest)) return null;
  if (op === 'w' && picks === undefined) return { ...head, press: { op: 'withdraw', action: Number(action), digest } };
  if (op !== 'a' || picks === undefined || (picks !== '' && !/^\d{1,3}(\.\d{1,3}){0,7}$/.test(picks))) return null;
  return { ...head, press: { op: 'pick', action: Number(action), digest, picks: picks === '' ? [] : picks.split('.').map(Number) } };
}

/** What a seat's keyboards are drawn with: the names of players, the language. */
export interface Wording {
  lang: Lang;
  names: Record<string, string>;
}

const actionName = (lang: Lang, type: string) => DICTS[lang].actions[type] ?? DICTS.en.actions[type] ?? humanize(type);
const fieldName = (lang: Lang, field: string) => DICTS[lang].fields[field] ?? DICTS.en.fields[field] ?? humanize(field);

function optionLabel(w: Wording, field: FieldSpec, option: string): string {
  if (field.kind === 'player' || field.kind === 'players') return w.names[option] ?? termText(w.lang, option) ?? option;
  if (field.kind === 'boolean') return termText(w.lang, option) ?? option;
  if (field.kind === 'counts') return `${termText(w.lang, option) ?? humanize(option)} (${field.options[option]})`;
  if (field.kind === 'zone') return option;
  return termText(w.lang, option) ?? DICTS[w.lang].actions[option] ?? humanize(option);
}

/** The value a pick gives a field (a set of players gets one, counts get one of the kind picked). */
function pickedValue(field: FieldSpec, option: string): unknown {
  if (field.kind === 'players') return [option];
  if (field.kind === 'counts') return { [option]: 1 };
  if (field.kind === 'boolean') return option === 'yes';
  if (field.kind === 'number') return Number(option);
  return option;
}

const rows = (buttons: InlineButton[], width: number): InlineButton[][] => {
  const out: InlineButton[][] = [];
  for (let i = 0; i < buttons.length; i += width) out.push(buttons.slice(i, i + width));
  return out;
};

/** The seat's menu: one button per action (✎ when something is stored), withdraw where there is, check. */
export function menu(
  w: Wording,
  head: Omit<Pressed, 'press'>,
  actions: AvailableAction[],
  checked: boolean,
): { text: string; keyboard: InlineKeyboard } {
  const offered = actions.map((a, i) => ({ a, i })).filter(({ a }) => byButtons(a));
  const lines = offered.map(({ a }) => `• ${actionName(w.lang, a.type)}${a.submitted ? ` ✎ ${describe(w, a, a.submitted)}` : ''}`);
  const buttons: InlineButton[] = offered.map(({ a, i }) => ({
    text: actionName(w.lang, a.type),
    callback_data: encode({ ...head, press: { op: 'pick', action: i, digest: digestOf(a), picks: [] } }),
  }));
  const withdraws: InlineButton[] = offered
    .filter(({ a }) => a.submitted)
    .map(({ a, i }) => ({
      text: `${format(w.lang, 'tg-withdraw')}: ${actionName(w.lang, a.type)}`,
      callback_data: encode({ ...head, press: { op: 'withdraw', action: i, digest: digestOf(a) } }),
    }));
  const check: InlineButton[] = checked
    ? []
    : [{ text: format(w.lang, 'tg-check'), callback_data: encode({ ...head, press: { op: 'check' } }) }];
  const title = format(w.lang, 'tg-actions', { phase: phaseText(w.lang, head.phase) });
  return {
    text: [title, ...(lines.length ? lines : [format(w.lang, 'tg-nothing')])].join('\n'),
    keyboard: { inline_keyboard: [...rows(buttons, 2), ...rows(withdraws, 1), ...rows(check, 1)] },
  };
}

/** A stored or chosen action in words: its values, names for players. */
function describe(w: Wording, action: AvailableAction, input: ActionInput): string {
  return Object.entries(action.fields)
    .filter(([k]) => input[k] !== undefined)
    .map(([k, f]) => {
      const v = input[k];
      const shown = Array.isArray(v)
        ? v.map((x) => optionLabel(w, f, String(x))).join(', ')
        : typeof v === 'object' && v !== null
          ? Object.keys(v)
              .map((x) => optionLabel(w, f, x))
              .join(', ')
          : optionLabel(w, f, String(v));
      return shown;
    })
    .join(' · ');
}

/** The next step of a pick: the options of the next field as buttons, or the action complete. */
export function step(
  w: Wording,
  head: Omit<Pressed, 'press'>,
  index: number,
  action: AvailableAction,
  picks: number[],
): { done: true; input: ActionInput } | { done: false; text: string; keyboard: InlineKeyboard } | { invalid: true } {
  const fields = pickedFields(action);
  if (picks.length > fields.length) return { invalid: true };
  const input: ActionInput = { type: action.type };
  for (let i = 0; i < picks.length; i++) {
    const [name, field] = fields[i]!;
    const options = choicesOf(field)!;
    // One past the options is "skip", for a field the action may leave out.
    if (picks[i] === options.length && optional(field)) continue;
    const option = options[picks[i]!];
    if (option === undefined) return { invalid: true };
    input[name] = pickedValue(field, option);
  }
  if (picks.length === fields.length) return { done: true, input };
  const [name, field] = fields[picks.length]!;
  const digest = digestOf(action);
  const buttons = choicesOf(field)!.map((option, k) => ({
    text: optionLabel(w, field, option),
    callback_data: encode({ ...head, press: { op: 'pick', action: index, digest, picks: [...picks, k] } }),
  }));
  const back = { text: '↩', callback_data: encode({ ...head, press: { op: 'menu' } }) };
  const skip = optional(field)
    ? [
        {
          text: format(w.lang, 'tg-skip'),
          callback_data: encode({ ...head, press: { op: 'pick', action: index, digest, picks: [...picks, buttons.length] } }),
        },
      ]
    : [];
  return {
    done: false,
    text: `${actionName(w.lang, action.type)}: ${fieldName(w.lang, name)}?`,
    keyboard: { inline_keyboard: [...rows(buttons, field.kind === 'zone' ? 4 : 2), [...skip, back]] },
  };
}
