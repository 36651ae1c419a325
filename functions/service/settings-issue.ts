// One problem a settings check found, as the API answers it and the page reads it (no server-only
// imports: the page imports this type too).
import type * as z from 'zod';

export interface SettingsIssue {
  /** The field, as a dotted path (`roles.3`); empty for the settings as a whole. */
  path: string;
  /** zod's issue code (`too_small`, `too_big`, `invalid_type`, `invalid_value`, `custom`...). */
  code: string;
  message: string;
  minimum?: number;
  maximum?: number;
  values?: unknown[];
  /** A ruleset's own check: its reason id and numbers (`table-size`, roles, playerCount). */
  params?: Record<string, unknown>;
}

/** A zod issue as the field it names, with the bounds and values the page puts in the reader's words. */
export function settingsIssue(issue: z.core.$ZodIssue): SettingsIssue {
  const extra = issue as { minimum?: unknown; maximum?: unknown; values?: unknown[]; params?: Record<string, unknown> };
  // An unknown key is named as the field it would be, with its own reason (never silently dropped).
  if (issue.code === 'unrecognized_keys') {
    const path = [...issue.path, issue.keys[0] ?? ''].join('.');
    return { path, code: issue.code, message: issue.message, params: { reason: 'unknown-setting', key: path } };
  }
  return {
    path: issue.path.join('.'),
    code: issue.code,
    message: issue.message,
    ...(typeof extra.minimum === 'number' ? { minimum: extra.minimum } : {}),
    ...(typeof extra.maximum === 'number' ? { maximum: extra.maximum } : {}),
    ...(Array.isArray(extra.values) ? { values: extra.values } : {}),
    ...(extra.params ? { params: extra.params } : {}),
  };
}
