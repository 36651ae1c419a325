// Platform-level match settings (the no-show policy): set with the ruleset's settings, parsed apart from them.
import * as z from 'zod';
import { refusal } from './errors.js';
import { DIALECTS } from './posts/markup.js';
import { MAX_REMIND_MINUTES } from './push/reminders.js';

/**
 * `no-show`: what happens to a living player who could act and sent nothing (no action, no check)
 * when a phase closes: `nothing`, the ruleset's `default` action for him, or a private `warn`ing.
 * `no-show-limit`: after that many missed phases he is removed (a modkill); 0 never removes.
 * `push-remind-minutes`: how long before a deadline a subscribed player who has not checked gets a Web Push
 * reminder (default 120; half the phase when the phase is shorter; 0 sends none).
 * `forum`: the forum software the GM posts to (posts/markup.ts): the dialect the page's copy buttons ask for.
 */
export const platformSettings = z
  .object({
    'no-show': z.enum(['nothing', 'default', 'warn']),
    'no-show-limit': z.number().int().min(0).max(50),
    'push-remind-minutes': z.number().int().min(0).max(MAX_REMIND_MINUTES),
    forum: z.enum(DIALECTS),
  })
  .partial()
  .strict();

export type NoShowMode = 'nothing' | 'default' | 'warn';
export interface NoShowPolicy {
  mode: NoShowMode;
  limit: number;
}

export const PLATFORM_SETTING_IDS: readonly string[] = Object.keys(platformSettings.shape);
/** Every platform setting may change while the match runs; it applies from the next close. */
export const PLATFORM_LIVE_SETTINGS = PLATFORM_SETTING_IDS;

/** Raw settings as the platform's and the rest, for the ruleset's own schema; nothing validated yet. */
export function partitionSettings(raw: Record<string, unknown>): { platform: Record<string, unknown>; rest: Record<string, unknown> } {
  const platform: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) (PLATFORM_SETTING_IDS.includes(key) ? platform : rest)[key] = value;
  return { platform, rest };
}

/** Splits raw settings into the platform's (validated) and the rest, for the ruleset's own schema. */
export function splitSettings(raw: Record<string, unknown>): { platform: Record<string, unknown>; rest: Record<string, unknown> } {
  const { platform, rest } = partitionSettings(raw);
  const parsed = platformSettings.safeParse(platform);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw refusal('invalid-settings', `${issue?.path.join('.') ?? 'settings'}: ${issue?.message ?? 'invalid'}`);
  }
  return { platform: parsed.data, rest };
}

/** The settings a ruleset sees (its `setup` may parse them with a strict schema). */
export function rulesetSettings(settings: Record<string, unknown>): Record<string, unknown> {
  return splitSettings(settings).rest;
}

export function noShowPolicy(settings: Record<string, unknown>): NoShowPolicy {
  const { platform } = splitSettings(settings);
  return {
    mode: (platform['no-show'] as NoShowMode | undefined) ?? 'nothing',
    limit: (platform['no-show-limit'] as number | undefined) ?? 0,
  };
}
