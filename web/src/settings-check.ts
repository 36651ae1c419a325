// Settings checked by the API before they are used (create, lobby edit): the API's own verdict,
// each issue next to its field in the reader's language.
import type { SettingsIssue } from '../../functions/api/answers.js';
import { api } from './api.js';
import { h } from './dom.js';
import { dict, errorText, t } from './lang.js';

/** One issue as a sentence: bounds by zod's code, a ruleset's own check by its reason id. */
export function issueText(issue: SettingsIssue): string {
  const reason = issue.params?.reason;
  if (typeof reason === 'string') return errorText(reason, issue.message, issue.params);
  switch (issue.code) {
    case 'too_small':
      return issue.minimum !== undefined ? t('issue-too-small', { minimum: issue.minimum }) : t('issue-invalid-value');
    case 'too_big':
      return issue.maximum !== undefined ? t('issue-too-big', { maximum: issue.maximum }) : t('issue-invalid-value');
    case 'invalid_type':
      return t('issue-invalid-type');
    case 'invalid_value':
    case 'invalid_union':
    case 'invalid_format':
      return t('issue-invalid-value');
    default:
      return dict().ui[`issue-custom-${issue.path}`] ? t(`issue-custom-${issue.path}`) : t('issue-invalid-value');
  }
}

/**
 * Asks the API whether `settings` are valid for `ruleset`; shows the issues on the form and in
 * `status`. True when they are. `form` is the settings' SchemaForm, named by the one method used here
 * (schema-form.ts imports this module).
 */
export async function checkSettings(
  ruleset: string,
  settings: Record<string, unknown>,
  form: { showError(path: string, message: string): unknown; labelOf(path: string): string },
  status: HTMLElement,
): Promise<boolean> {
  const verdict = await api('POST', '/api/rulesets/{ruleset}/settings/check', { params: { ruleset }, body: { settings } });
  if (verdict.valid) return true;
  const lines = verdict.error.issues.map((i) => {
    const text = issueText(i);
    form.showError(i.path, text);
    // The setting by the name its field shows (issue 44: "roles:" was the raw key).
    return h('li', { 'data-issue': i.path }, i.path ? `${form.labelOf(i.path)}: ` : '', text);
  });
  status.replaceChildren(
    h('p', null, t('fix-errors')),
    lines.length
      ? h('ul', { 'data-testid': 'settings-issues' }, lines)
      : h('p', null, errorText(verdict.error.code, verdict.error.message)),
  );
  return false;
}
