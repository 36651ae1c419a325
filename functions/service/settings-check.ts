// A settings check without creating anything: the create form asks it before creating a match, so
// the GM sees the API's own refusal (and each issue's path and parameters, for the page to translate).
import { findRuleset } from '../../engine/index.js';
import { DomainError, refusal } from './errors.js';
import { parseSettings } from './lifecycle.js';
import { splitSettings } from './platform-settings.js';

export interface SettingsIssue {
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

export function checkSettings(rulesetId: string, raw: Record<string, unknown>) {
  const ruleset = findRuleset(rulesetId);
  if (!ruleset) throw refusal('ruleset-not-found', `There is no ruleset "${rulesetId}".`);
  try {
    return { valid: true as const, settings: parseSettings(ruleset, raw) };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const parsed = ruleset.settings.safeParse(splitSettings(raw).rest);
    const issues: SettingsIssue[] = parsed.success
      ? []
      : parsed.error.issues.map((i) => {
          const extra = i as { minimum?: unknown; maximum?: unknown; values?: unknown[]; params?: Record<string, unknown> };
          return {
            path: i.path.join('.'),
            code: i.code,
            message: i.message,
            ...(typeof extra.minimum === 'number' ? { minimum: extra.minimum } : {}),
            ...(typeof extra.maximum === 'number' ? { maximum: extra.maximum } : {}),
            ...(Array.isArray(extra.values) ? { values: extra.values } : {}),
            ...(extra.params ? { params: extra.params } : {}),
          };
        });
    return { valid: false as const, error: { code: error.reason, message: error.message, issues } };
  }
}
