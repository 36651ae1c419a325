// A settings check without creating anything: the create form asks it before creating a match, so
// the GM sees the API's own refusal (and each issue's path and parameters, for the page to translate).
import { findRuleset } from '../../engine/index.js';
import { DomainError, refusal } from './errors.js';
import { parseSettings } from './lifecycle.js';
import { partitionSettings, platformSettings } from './platform-settings.js';
import { settingsIssue, type SettingsIssue } from './settings-issue.js';

export async function checkSettings(rulesetId: string, raw: Record<string, unknown>) {
  const ruleset = await findRuleset(rulesetId);
  if (!ruleset) throw refusal('ruleset-not-found', `There is no ruleset "${rulesetId}".`);
  try {
    return { valid: true as const, settings: parseSettings(ruleset, raw) };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    // Every issue of both schemas, the platform's first: the create form marks each field at once.
    const { platform, rest } = partitionSettings(raw);
    const issues: SettingsIssue[] = [platformSettings.safeParse(platform), ruleset.settings.safeParse(rest)]
      .flatMap((parsed) => (parsed.success ? [] : parsed.error.issues))
      .map(settingsIssue);
    return { valid: false as const, error: { code: error.reason, message: error.message, issues } };
  }
}
