// The registry's check of a ruleset against the contract (types.ts), when it loads: a ruleset that
// breaks it is refused with the member at fault, before any match can use it.
import { KEBAB_ID, PLAYER_PLACEHOLDER } from './ids.js';
import { isLang, LANGS } from '../../texts/langs.js';
import type { Ruleset } from './types.js';

/** The action types the platform itself takes (engine/core/match.ts); no ruleset may declare them. */
const PLATFORM_ACTIONS = ['check', 'withdraw', 'post'];

const REQUIRED_FUNCTIONS = [
  'setup',
  'phase',
  'timing',
  'available',
  'validate',
  'post',
  'mayCheck',
  'checkers',
  'resolve',
  'remove',
  'view',
  'roster',
  'channels',
  'outcome',
  'facts',
  'tally',
] as const;

/** What is wrong with a list of kebab ids, if anything: empty (when it must not be), not kebab, repeated. */
function listProblem(ids: readonly unknown[], nonEmpty: boolean): string | null {
  if (nonEmpty && ids.length === 0) return 'is empty';
  const bad = ids.find((id) => typeof id !== 'string' || !KEBAB_ID.test(id));
  if (bad !== undefined) return `has ${JSON.stringify(bad)}, not a kebab-case id`;
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  return twice === undefined ? null : `names "${String(twice)}" twice`;
}

/**
 * What is wrong with a declared id pattern (ids.ts): `{player}` is its only placeholder, it reads as a
 * kebab id whatever player id stands there, and it starts with a fixed part (else every player id collides).
 */
function patternProblem(pattern: string): string | null {
  const filled = pattern.split(PLAYER_PLACEHOLDER).join('p1');
  if (/[{}]/.test(filled)) return `"${pattern}" has a placeholder other than ${PLAYER_PLACEHOLDER}`;
  if (!KEBAB_ID.test(filled)) return `"${pattern}" is not a kebab-case id`;
  if (pattern.startsWith(PLAYER_PLACEHOLDER))
    return `"${pattern}" starts with ${PLAYER_PLACEHOLDER}, so every player id would collide with it`;
  return null;
}

/** What is wrong with the declared fields of the actions: a type without its list, a bad field, the platform's own. */
function actionFieldsProblem(actions: readonly string[], declared: Readonly<Record<string, unknown>>): string | null {
  const types = Object.keys(declared);
  const unmatched = actions.find((type) => !Array.isArray(declared[type])) ?? types.find((type) => !actions.includes(type));
  if (unmatched !== undefined) return `does not match actions at "${unmatched}"`;
  for (const type of types) {
    const fields = declared[type] as unknown[];
    const reserved = fields.find((f) => f === 'type' || f === 'phase');
    const problem = listProblem(fields, false) ?? (reserved === undefined ? null : `the platform's field "${String(reserved)}"`);
    if (problem !== null) return `gives "${type}" ${problem}`;
  }
  return null;
}

/** The contract's problems with this ruleset, in the order of its members; empty when it keeps the contract. */
export function rulesetProblems(ruleset: Ruleset): string[] {
  const problems: string[] = [];
  const say = (member: string, problem: string | null) => {
    if (problem !== null) problems.push(`${member} ${problem}`);
  };
  say('id', typeof ruleset.id === 'string' && KEBAB_ID.test(ruleset.id) ? null : `${JSON.stringify(ruleset.id)} is not a kebab-case id`);
  const defaults = ruleset.settings?.safeParse({});
  say(
    'settings',
    defaults?.success ? null : `does not parse {} to its defaults${defaults ? `: ${defaults.error.issues[0]?.message ?? ''}` : ''}`,
  );
  if (defaults?.success) {
    const unknown = ruleset.liveSettings.find((key) => !Object.hasOwn(defaults.data, key));
    say('liveSettings', unknown === undefined ? null : `names "${unknown}", not a setting of the settings schema`);
  }
  say('options', ruleset.options?.safeParse({}).success ? null : 'does not parse {} (a player who chose nothing)');
  const actionsProblem = listProblem(ruleset.actions, true);
  say('actions', actionsProblem);
  const platform = ruleset.actions.find((type) => PLATFORM_ACTIONS.includes(type));
  say('actions', platform === undefined ? null : `declares "${platform}", the platform's own action`);
  // Issue 41: each action's fields, declared for exactly the actions (judged once the actions themselves are sound).
  if (actionsProblem === null && platform === undefined)
    say('actionFields', actionFieldsProblem(ruleset.actions, ruleset.actionFields ?? {}));
  say('reasons', listProblem(ruleset.reasons ?? [], true));
  say('homeLang', isLang(ruleset.homeLang) ? null : `${JSON.stringify(ruleset.homeLang)} is not one of ${LANGS.join(', ')}`);
  say(
    'channelPatterns',
    listProblem(
      ruleset.channelPatterns.map((p) => p.split(PLAYER_PLACEHOLDER).join('p1')),
      false,
    ),
  );
  for (const pattern of ruleset.channelPatterns) say('channelPatterns', patternProblem(pattern));
  for (const name of REQUIRED_FUNCTIONS) say(name, typeof ruleset[name] === 'function' ? null : 'is not a function');
  return problems;
}

/** The ruleset itself when it keeps the contract; otherwise throws, naming the ruleset and every problem. */
export function checkRuleset<R extends Ruleset>(ruleset: R): R {
  const problems = rulesetProblems(ruleset);
  if (problems.length > 0) throw new Error(`Ruleset ${JSON.stringify(ruleset.id)} breaks the contract: ${problems.join('; ')}.`);
  return ruleset;
}
