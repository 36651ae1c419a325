// Every request body the API takes, bounded, as zod schemas (also the source of the OpenAPI document).
import { z } from 'zod';

const id = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'kebab-case ASCII').max(64);
/** Names and messages: any Unicode text without control characters, trimmed, bounded. */
const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/.test(s), 'no control characters');

const settings = z.record(z.string().max(64), z.unknown());

export const createMatchBody = z.object({
  ruleset: id,
  name: text(80).pipe(z.string().trim().min(1, 'a name is required')),
  settings: settings.optional(),
  sandbox: z.boolean().optional(),
});

export const settingsBody = settings;

export const startBody = z
  .object({
    seed: z.string().max(200).optional(),
    dice: z.enum(['natural', 'succeed', 'fail']).optional(),
    players: z.record(id, z.record(z.string().max(64), z.unknown())).optional(),
    setup: z.record(z.string().max(64), z.unknown()).optional(),
  })
  .strict();

export const resolveBody = z.object({ phase: id.optional() }).strict();
export const extendBody = z.object({ minutes: z.number().int().min(1).max(10080) }).strict();

export const joinBody = z.object({
  name: text(40).pipe(z.string().trim().min(1, 'a name is required')),
  options: z.record(z.string().max(64), z.unknown()).optional(),
  playerId: id.optional(),
});

export const optionsBody = z.object({ options: z.record(z.string().max(64), z.unknown()) }).strict();

/** An action: a type and fields; the ruleset validates the fields in its spec's order. */
export const actionBody = z.looseObject({ type: id });

export const postBody = z.object({ text: text(2000) }).strict();

export const errorBody = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
