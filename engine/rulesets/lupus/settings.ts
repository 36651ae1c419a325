// Section 15: the GM settings, their defaults and ranges.
import * as z from 'zod';
import { DEALT_ROLES, DEFAULT_TABLE, ROLES } from './roles.js';

/** LUP-15.1: how many players a table seats (a scenario's fixed table too, LUP-16.1). */
export const PLAYER_RANGE = { min: 3, max: 20 } as const;

const minutes = (fallback: number) => z.number().int().min(5).max(10080).default(fallback);

export const settingsSchema = z
  // Unknown keys are refused, never dropped: a misspelt `night-minute` must not silently mean the default.
  .strictObject({
    'player-count': z.number().int().min(PLAYER_RANGE.min).max(PLAYER_RANGE.max).default(13),
    roles: z.array(z.enum(DEALT_ROLES)).default([...DEFAULT_TABLE] as (typeof DEALT_ROLES)[number][]),
    difficulty: z.enum(['easy', 'normal', 'hard']).default('hard'),
    'max-abstentions': z.number().int().min(0).max(10).default(3),
    cemetery: z.boolean().default(true),
    'tie-rule': z.enum(['runoff', 'no-lynch', 'random']).default('runoff'),
    splatter: z.boolean().default(true),
    'night-minutes': minutes(1440),
    'day-minutes': minutes(2880),
    'runoff-minutes': minutes(720),
    'check-mode': z.boolean().default(false),
  })
  .superRefine((s, ctx) => {
    // LUP-4.2: a custom table holds at least one non-village role. Its length is checked
    // against player-count and the seats when the deal is made (setup), since a scenario's
    // fixed roles replace both (LUP-16.1).
    if (!s.roles.some((r) => ROLES[r].faction !== 'village')) {
      ctx.addIssue({ code: 'custom', path: ['roles'], message: 'roles needs a pack, coven or lone role' });
    }
    // LUP-4.2: the table fits player-count (a scenario's fixed roles are checked against the seats in setup).
    if (s.roles.length !== s['player-count']) {
      ctx.addIssue({
        code: 'custom',
        path: ['roles'],
        message: `the table has ${s.roles.length} roles and player-count is ${s['player-count']}`,
        params: { reason: 'table-size', roles: s.roles.length, playerCount: s['player-count'] },
      });
    }
  });

export type LupusSettings = z.output<typeof settingsSchema>;

/** LUP-15.1 (D-40): what the GM may change while the match runs. */
export const LIVE_SETTINGS = ['night-minutes', 'day-minutes', 'runoff-minutes', 'check-mode'] as const;
