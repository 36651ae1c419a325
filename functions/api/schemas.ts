// Every request body and query the API takes, bounded, as zod schemas (the route definitions in
// routes.ts name them; the OpenAPI document is generated from those).
import * as z from 'zod';
import { kebabId } from '../../engine/core/ids.js';
import { DICE_MODES } from '../../engine/core/rng.js';
import { FORMATS } from '../service/posts/markup.js';
import { LANGS } from '../../texts/langs.js';

const id = kebabId;
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/;
/** An unpaired UTF-16 surrogate is not text (and DynamoDB refuses it in a string). */
const LONE_SURROGATE = /[\ud800-\udfff]/u;
/** Something a reader sees: a letter, a digit, punctuation or a symbol. */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;
/** Names and messages: any Unicode text without control characters, not empty, bounded. */
const text = (max: number) =>
  z
    .string()
    .min(1, 'text is required')
    .max(max)
    .refine((s) => !CONTROL.test(s), 'no control characters')
    .refine((s) => !LONE_SURROGATE.test(s), 'no unpaired surrogates');
/** A name: one line, with at least one visible character (not only spaces or zero-width marks). */
const name = (max: number) =>
  text(max)
    .refine((s) => !/[\t\n\r]/.test(s), 'a name is one line')
    .pipe(
      z
        .string()
        .trim()
        .min(1, 'a name is required')
        .refine((s) => VISIBLE.test(s), 'a name needs a visible character'),
    );
/**
 * A player's name, for every route that takes one (join, substitute): only bounded here; the service
 * checks it (functions/service/names.ts: decision 10) and answers `invalid-name` or `name-taken`.
 */
export const playerName = z
  .string()
  .min(1)
  .max(200)
  .describe('1–40 characters once NFC-normalized and trimmed; nothing invisible; not confusable with another name in the match');

/** Every string in an action is text as above and at most 2000 long; nesting stays shallow. */
function plainFields(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.length <= 2000 && !CONTROL.test(value) && !LONE_SURROGATE.test(value);
  if (value === null || typeof value !== 'object') return true;
  if (depth >= 8) return false;
  if (Array.isArray(value)) return value.every((v) => plainFields(v, depth + 1));
  return Object.entries(value).every(([k, v]) => plainFields(k, depth) && plainFields(v, depth + 1));
}

const settings = z.record(z.string().max(64), z.unknown());

/** The match's name is checked by the service (functions/service/names.ts: decision 10) as a player's is. */
export const createMatchBody = z
  .object({
    ruleset: id,
    name: z
      .string()
      .min(1)
      .max(400)
      .describe('1–80 characters once NFC-normalized, trimmed and its runs of spaces folded; nothing invisible'),
    settings: settings.optional(),
    sandbox: z.boolean().optional(),
    listed: z
      .boolean()
      .optional()
      .describe(
        'false: a private lobby (issue 44), never listed; players join only with the invitation code the answer and the GM view give',
      ),
  })
  .strict();

/** A settings change: the settings themselves (an unknown key is refused by the ruleset's strict schema). */
export const settingsBody = settings;
/** The settings check, in its documented shape `{ settings }`. */
export const settingsCheckBody = z.object({ settings: settings.optional() }).strict();

export const startBody = z
  .object({
    seed: z.string().min(1).max(200).optional(),
    dice: z.enum(DICE_MODES).optional(),
    players: z.record(id, z.record(z.string().max(64), z.unknown())).optional(),
    setup: z.record(z.string().max(64), z.unknown()).optional(),
  })
  .strict();

export const resolveBody = z.object({ phase: id.optional() }).strict();
export const extendBody = z.object({ minutes: z.number().int().min(1).max(10080) }).strict();

export const joinBody = z
  .object({
    name: playerName,
    options: z.record(z.string().max(64), z.unknown()).optional(),
    playerId: id.optional(),
    invite: z
      .string()
      .max(64)
      .optional()
      .describe("A private lobby's invitation code; without the right one the join is answered as for a match that does not exist"),
  })
  .strict();

export const optionsBody = z.object({ options: z.record(z.string().max(64), z.unknown()) }).strict();

/**
 * The phase guard (decision 6): the phase a request was made for. When given and not the open
 * phase, the request is refused `wrong-phase` (409) and changes nothing.
 */
export const phaseGuard = id.optional().describe('The phase this request is meant for: refused wrong-phase (409) if another phase is open');

/**
 * An action: a type and fields (the ruleset validates them in its spec's order), and the phase guard.
 * A key its type does not declare (the ruleset's `actionFields`) is refused 400 `unknown-field` (issue 41).
 */
export const actionBody = z
  .looseObject({ type: id, phase: phaseGuard })
  .refine(plainFields, 'fields are short plain text, nested at most 8 deep');

export const checkBody = z.object({ phase: phaseGuard }).strict();
export const withdrawQuery = z.object({ phase: phaseGuard }).strict();

/** A channel message: at least one visible character (an empty or blank message is refused). */
export const postBody = z
  .object({ text: text(2000).refine((s) => VISIBLE.test(s), 'a message needs a visible character'), phase: phaseGuard })
  .strict();

export const auditBody = z.object({ phase: id }).strict();

// The GM toolkit's bodies.
export const substituteBody = z.object({ name: playerName }).strict();
export const rollbackBody = z.object({ phase: id }).strict();
export const endBody = z.object({ winner: id }).strict();

// Forum posts' queries.
export const postQuery = z
  .object({
    /** The match's `forum` setting when absent. */
    format: z.enum(FORMATS).optional(),
    lang: z.enum(LANGS).default('en'),
  })
  .strict();
export const votePostQuery = postQuery.extend({
  /** Mark what changed after this moment (epoch ms): the last count the thread saw. */
  since: z.coerce.number().int().min(0).max(8.64e15).optional(),
  phase: id.optional(),
});

/**
 * Every refusal: `{ error: { code, message, params? } }`, plus any fields a route adds (functions/api/status.ts).
 * The code is the reason id a page translates; the message is what a GM with curl reads, so never empty.
 */
export const errorBody = z.object({
  error: z.looseObject({
    code: z.string().min(1),
    message: z.string().trim().min(1),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  }),
});
