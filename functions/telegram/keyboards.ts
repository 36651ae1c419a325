// Pure: a seat's available actions (the data the page's forms use) as inline keyboards, and the compact
// callback data their buttons carry (≤ 64 bytes): the match, the seat number, the phase (the guard of
// decision 6), an action's index with a digest of its fields (a keyboard drawn from older options is
// refused, never read against newer ones), and the option picked for each field so far: an index for a
// one-pick field, the set of players (a bitmask) or the counts per kind for a field of several picks.
import { createHash } from 'node:crypto';
import type { ActionInput, AvailableAction, FieldSpec } from '../../engine/core/types.js';
import { DICTS, format, humanize, phaseText, termText, type Lang } from '../../texts/index.js';
import { shownName } from '../../texts/names.js';
import type { InlineButton, InlineKeyboard } from './bot-api.js';

/** Telegram's bound on callback_data. */
export const CALLBACK_MAX_BYTES = 64;

/**
 * What was picked for one field: an option's index (one past the options = skipped), or for a field of
 * several picks the option indexes picked (players) or the count per option index (counts), `done` once
 * the player pressed Done (else that field is the step being drawn).
 */
export type Pick = number | { players: number[]; done: boolean } | { counts: number[]; done: boolean };

export type Press =
  | { op: 'menu' }
  | { op: 'check' }
  | { op: 'pick'; action: number; digest: string; picks: Pick[] }
  | { op: 'withdraw'; action: number; digest: string };

export interface Pressed {
  matchId: string;
  seat: number;
  phase: string;
  press: Press;
}

/** The options a field's buttons offer (a player's, a zone's, a kind of a basket's…). Text fields are the page's. */
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

/** Whether the action may leave a one-pick field out (a set or a basket may be left empty with its Done). */
const optional = (field: FieldSpec): boolean => 'required' in field && !field.required;

/** The fields a player picks by buttons, in order: optional numbers are left to their default. */
const pickedFields = (action: AvailableAction) => Object.entries(action.fields).filter(([, f]) => choicesOf(f) !== null);

/** A set of players rides as a bitmask in a double: at most this many options. */
const MAX_SET = 50;
/** A count per kind rides as one base-36 digit. */
export const MAX_COUNT = 35;

/** Whether the keyboard can submit this action (every required field is one a button fills). */
export const byButtons = (action: AvailableAction): boolean =>
  Object.values(action.fields).every(
    (f) =>
      (f.kind === 'players' ? f.options.length <= MAX_SET : choicesOf(f) !== null) ||
      (f.kind === 'number' && !f.required) ||
      (f.kind === 'text' && !f.required),
  );

/** The longest pick a field's buttons can write: its last option, every player, the top count of each kind. */
function widest(field: FieldSpec): Pick {
  const options = choicesOf(field)!;
  if (field.kind === 'players') return { players: options.map((_, i) => i), done: true };
  if (field.kind === 'counts') return { counts: options.map(() => MAX_COUNT), done: true };
  return options.length;
}

/** Whether every press of this action's steps fits in Telegram's callback data (else the page takes it). */
export const fitsButtons = (head: Omit<Pressed, 'press'>, index: number, action: AvailableAction): boolean => {
  if (!byButtons(action)) return false;
  const picks = pickedFields(action).map(([, f]) => widest(f));
  return (
    Buffer.byteLength(written({ ...head, press: { op: 'pick', action: index, digest: digestOf(action), picks } })) <= CALLBACK_MAX_BYTES
  );
};

/** A short digest of what an action offers: a press made on other options is stale. */
export const digestOf = (action: AvailableAction): string =>
  createHash('sha256')
    .update(JSON.stringify([action.type, action.slot, action.fields]))
    .digest('base64url')
    .slice(0, 5);

/** A pick in the data: `7`; a set of players `p`/`q` (done/being picked) and its bitmask in base 36; counts `c`/`d` and a base-36 digit per kind, trailing zeros left out. */
function pickData(pick: Pick): string {
  if (typeof pick === 'number') return String(pick);
  if ('players' in pick) return (pick.done ? 'p' : 'q') + pick.players.reduce((mask, i) => mask + 2 ** i, 0).toString(36);
  return (
    (pick.done ? 'c' : 'd') +
    pick.counts
      .map((n) => n.toString(36))
      .join('')
      .replace(/0+$/, '')
  );
}

function readPick(token: string): Pick | null {
  if (/^\d{1,3}$/.test(token)) return Number(token);
  const [mark, rest] = [token[0], token.slice(1)];
  if ((mark === 'p' || mark === 'q') && /^[0-9a-z]{1,10}$/.test(rest)) {
    const mask = Number.parseInt(rest, 36);
    if (mask >= 2 ** MAX_SET) return null;
    const players: number[] = [];
    for (let i = 0; i < MAX_SET; i++) if (Math.floor(mask / 2 ** i) % 2 === 1) players.push(i);
    return { players, done: mark === 'p' };
  }
  if ((mark === 'c' || mark === 'd') && /^[0-9a-z]{0,60}$/.test(rest)) {
    return { counts: [...rest].map((d) => Number.parseInt(d, 36)), done: mark === 'c' };
  }
  return null;
}

function written(p: Pressed): string {
  const head = `${p.matchId}|${p.seat}|${p.phase}`;
  const { press } = p;
  return press.op === 'menu'
    ? `${head}|m`
    : press.op === 'check'
      ? `${head}|c`
      : press.op === 'withdraw'
        ? `${head}|w|${press.action}|${press.digest}`
        : `${head}|a|${press.action}|${press.digest}|${press.picks.map(pickData).join('.')}`;
}

export function encode(p: Pressed): string {
  const data = written(p);
  if (Buffer.byteLength(data) > CALLBACK_MAX_BYTES) throw new Error(`callback data over ${CALLBACK_MAX_BYTES} bytes: ${data}`);
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
  if (op !== 'a' || picks === undefined) return null;
  const read = picks === '' ? [] : picks.split('.').map(readPick);
  if (read.length > 8 || read.some((pick) => pick === null)) return null;
  return { ...head, press: { op: 'pick', action: Number(action), digest, picks: read as Pick[] } };
}

/** What a seat's keyboards are drawn with: the names of players, the language. */
export interface Wording {
  lang: Lang;
  names: Record<string, string>;
  /** The match's ruleset, whose things (Kill Game's items, Mafia's Things) have names of their own. */
  ruleset?: string;
}

const actionName = (lang: Lang, type: string) => DICTS[lang].actions[type] ?? DICTS.en.actions[type] ?? humanize(type);
const fieldName = (lang: Lang, field: string) => DICTS[lang].fields[field] ?? DICTS.en.fields[field] ?? humanize(field);

/** A kind of a counts field without its price. */
const kindLabel = (w: Wording, field: FieldSpec, kind: string): string =>
  field.kind === 'counts'
    ? ((w.ruleset && shownName(w.lang, w.ruleset, kind)) ?? termText(w.lang, kind) ?? humanize(kind))
    : optionLabel(w, field, kind);

function optionLabel(w: Wording, field: FieldSpec, option: string): string {
  if (field.kind === 'player' || field.kind === 'players') return w.names[option] ?? termText(w.lang, option) ?? option;
  if (field.kind === 'boolean') return termText(w.lang, option) ?? option;
  if (field.kind === 'counts') return `${kindLabel(w, field, option)} (${field.options[option]})`;
  if (field.kind === 'zone') return option;
  return termText(w.lang, option) ?? DICTS[w.lang].actions[option] ?? humanize(option);
}

/** The value a one-option pick gives a field. */
function pickedValue(field: FieldSpec, option: string): unknown {
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
  const offered = actions.map((a, i) => ({ a, i })).filter(({ a, i }) => fitsButtons(head, i, a));
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

/** A stored or chosen action in words: its values, names for players, a basket's counts. */
function describe(w: Wording, action: AvailableAction, input: ActionInput): string {
  return Object.entries(action.fields)
    .filter(([k]) => input[k] !== undefined)
    .map(([k, f]) => {
      const v = input[k];
      const shown = Array.isArray(v)
        ? v.map((x) => optionLabel(w, f, String(x))).join(', ')
        : typeof v === 'object' && v !== null
          ? Object.entries(v as Record<string, unknown>)
              .filter(([, n]) => n !== 0)
              .map(([x, n]) => `${typeof n === 'number' && n > 1 ? `${n} × ` : ''}${kindLabel(w, f, x)}`)
              .join(', ')
          : optionLabel(w, f, String(v));
      return shown;
    })
    .join(' · ');
}

type Drawn = { done: false; text: string; keyboard: InlineKeyboard };

/** The next step of a pick: the options of the next field as buttons, or the action complete. */
export function step(
  w: Wording,
  head: Omit<Pressed, 'press'>,
  index: number,
  action: AvailableAction,
  picks: Pick[],
): { done: true; input: ActionInput } | Drawn | { invalid: true } | { notice: string } {
  const fields = pickedFields(action);
  if (picks.length > fields.length) return { invalid: true };
  const input: ActionInput = { type: action.type };
  for (let i = 0; i < picks.length; i++) {
    const [name, field] = fields[i]!;
    const options = choicesOf(field)!;
    const pick = picks[i]!;
    if (field.kind === 'players' && typeof pick === 'object' && 'players' in pick) {
      if (pick.players.some((k) => k >= options.length)) return { invalid: true };
      if (!pick.done)
        return i === picks.length - 1
          ? togglePlayers(w, head, index, action, picks.slice(0, i), name, field, pick.players)
          : { invalid: true };
      if (pick.players.length > 0) input[name] = pick.players.map((k) => options[k]!);
      continue;
    }
    if (field.kind === 'counts' && typeof pick === 'object' && 'counts' in pick) {
      if (pick.counts.length > options.length) return { invalid: true };
      if (!pick.done)
        return i === picks.length - 1 ? addCounts(w, head, index, action, picks.slice(0, i), name, field, pick.counts) : { invalid: true };
      input[name] = Object.fromEntries(pick.counts.flatMap((n, k) => (n > 0 ? [[options[k]!, n]] : [])));
      continue;
    }
    if (typeof pick !== 'number' || field.kind === 'players' || field.kind === 'counts') return { invalid: true };
    // One past the options is "skip", for a field the action may leave out.
    if (pick === options.length && optional(field)) continue;
    const option = options[pick];
    if (option === undefined) return { invalid: true };
    input[name] = pickedValue(field, option);
  }
  if (picks.length === fields.length) return { done: true, input };
  const [name, field] = fields[picks.length]!;
  if (field.kind === 'players') return togglePlayers(w, head, index, action, picks, name, field, []);
  if (field.kind === 'counts') return addCounts(w, head, index, action, picks, name, field, []);
  const digest = digestOf(action);
  const buttons = choicesOf(field)!.map((option, k) => ({
    text: optionLabel(w, field, option),
    callback_data: encode({ ...head, press: { op: 'pick', action: index, digest, picks: [...picks, k] } }),
  }));
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
    text: question(w, action, name),
    keyboard: { inline_keyboard: [...rows(buttons, field.kind === 'zone' ? 4 : 2), [...skip, back(w, head)]] },
  };
}

const question = (w: Wording, action: AvailableAction, name: string) => `${actionName(w.lang, action.type)}: ${fieldName(w.lang, name)}?`;

const back = (w: Wording, head: Omit<Pressed, 'press'>): InlineButton => ({
  text: '↩',
  callback_data: encode({ ...head, press: { op: 'menu' } }),
});

/** A set of players being picked: each a toggle (✓ when in), Done once `min` are in; a toggle past `max` is refused. */
function togglePlayers(
  w: Wording,
  head: Omit<Pressed, 'press'>,
  index: number,
  action: AvailableAction,
  before: Pick[],
  name: string,
  field: Extract<FieldSpec, { kind: 'players' }>,
  picked: number[],
): Drawn | { notice: string } {
  if (picked.length > field.max) return { notice: format(w.lang, 'tg-at-most', { n: field.max }) };
  const digest = digestOf(action);
  const press = (players: number[], done: boolean) =>
    encode({ ...head, press: { op: 'pick', action: index, digest, picks: [...before, { players, done }] } });
  const buttons = field.options.map((option, k) => {
    const on = picked.includes(k);
    return {
      text: `${on ? '✓ ' : ''}${optionLabel(w, field, option)}`,
      callback_data: press(on ? picked.filter((x) => x !== k) : [...picked, k].sort((a, b) => a - b), false),
    };
  });
  const done =
    picked.length >= field.min ? [{ text: format(w.lang, 'tg-picked', { n: picked.length }), callback_data: press(picked, true) }] : [];
  const range = field.max > 1 ? ` (${field.min}–${field.max})` : '';
  const names = picked.map((k) => optionLabel(w, field, field.options[k]!)).join(', ');
  return {
    done: false,
    text: [`${question(w, action, name)}${range}`, ...(names ? [`✓ ${names}`] : [])].join('\n'),
    keyboard: { inline_keyboard: [...rows(buttons, 2), [...done, back(w, head)]] },
  };
}

/** A basket being filled: a tap adds one of a kind (only what the budget still affords), reset empties it, Done submits it. */
function addCounts(
  w: Wording,
  head: Omit<Pressed, 'press'>,
  index: number,
  action: AvailableAction,
  before: Pick[],
  name: string,
  field: Extract<FieldSpec, { kind: 'counts' }>,
  counts: number[],
): Drawn {
  const kinds = Object.keys(field.options);
  const digest = digestOf(action);
  const press = (next: number[], done: boolean) =>
    encode({ ...head, press: { op: 'pick', action: index, digest, picks: [...before, { counts: next, done }] } });
  const total = kinds.reduce((sum, kind, k) => sum + (counts[k] ?? 0) * field.options[kind]!, 0);
  const buttons = kinds.flatMap((kind, k) => {
    const n = counts[k] ?? 0;
    if (n >= MAX_COUNT || (field.budget !== undefined && total + field.options[kind]! > field.budget)) return [];
    const next = kinds.map((_, j) => (counts[j] ?? 0) + (j === k ? 1 : 0));
    return [{ text: `+ ${optionLabel(w, field, kind)}`, callback_data: press(next, false) }];
  });
  const reset = counts.some((n) => n > 0) ? [{ text: format(w.lang, 'tg-reset'), callback_data: press([], false) }] : [];
  const basket = kinds.flatMap((kind, k) => ((counts[k] ?? 0) > 0 ? [`${counts[k]} × ${kindLabel(w, field, kind)}`] : [])).join(', ');
  const sum =
    field.budget !== undefined ? format(w.lang, 'total-budget', { total, budget: field.budget }) : format(w.lang, 'total', { total });
  return {
    done: false,
    text: [question(w, action, name), ...(basket ? [basket] : []), sum].join('\n'),
    keyboard: {
      inline_keyboard: [
        ...rows(buttons, 2),
        [
          ...reset,
          { text: format(w.lang, 'tg-picked', { n: counts.reduce((a, b) => a + b, 0) }), callback_data: press(counts, true) },
          back(w, head),
        ],
      ],
    },
  };
}
