// The reason ids and event kinds the engine and the API can give, read from their sources: a
// refusal is built by `reject('id')`, `refusal('id')`, `new DomainError('id')` (or a subclass's
// `super('id')`), `refused(c, 'id')` at the HTTP edge, `new RulesetError('id')`, or named as a
// `reason: 'id'` / `code: 'id'` a caller raises; an event is an object `{ kind: 'id', to: … }` or
// Kill Game's `ev('id', …)`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../../..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

const collect = (dirs: string[], patterns: RegExp[]) => {
  const found = new Map<string, string>();
  for (const file of dirs.flatMap((d) => files(join(root, d)))) {
    const source = readFileSync(file, 'utf8');
    for (const re of patterns) for (const m of source.matchAll(re)) if (!found.has(m[1]!)) found.set(m[1]!, file.slice(root.length + 1));
  }
  return found;
};

const ID = `'([a-z][a-z0-9-]+)'`;
/** How the service, the toolkit, the posts and the HTTP edge (functions/) raise a refusal. */
const PLATFORM = [
  new RegExp(`\\brefusal\\(\\s*${ID}`, 'g'),
  new RegExp(`\\bnew DomainError\\(\\s*${ID}`, 'g'),
  new RegExp(`\\bsuper\\(\\s*${ID}`, 'g'),
  new RegExp(`\\brefused\\(\\s*c,\\s*${ID}`, 'g'),
  new RegExp(`\\bcode: ${ID}`, 'g'),
];

/** Every reason id functions/ raises itself, with the file that first gives it (functions/api/status.ts gives each its status). */
export const platformReasonIds = () => collect(['functions'], PLATFORM);

/** How a ruleset refuses (engine/), and the reasons an action's result names. */
const RULESET = [
  new RegExp(`\\breject\\(\\s*${ID}`, 'g'),
  new RegExp(`RulesetError\\(\\s*${ID}`, 'g'),
  new RegExp(`\\breason: ${ID}`, 'g'),
];

/** Every refusal reason id, with the file that first gives it. */
export const reasonIds = () =>
  new Map([
    ...collect(['functions'], [...PLATFORM, ...RULESET]),
    ...collect(['engine'], RULESET),
    // The engine's own refusals that the service raises as they are: a start whose quorum is not
    // reached, a Kill Game map that does not hold together.
    ...collect(['engine/core'], [new RegExp(`\\bcode: ${ID}`, 'g')]),
    // (`{ code, message }` there; zod's `{ code: 'custom', path }` issues are not refusals.)
    ...collect(['engine/rulesets'], [new RegExp(`\\{ code: ${ID}, message:`, 'g')]),
  ]);

/** The event kinds one ruleset gives (engine/rulesets/<ruleset>), with the file that first gives each. */
export const rulesetEventKinds = (ruleset: string) => collect([`engine/rulesets/${ruleset}`], EVENT);

/** Every event kind of the rulesets, with the file that first gives it. */
const EVENT = [/\{\s*kind: '([a-z][a-z0-9-]+)',\s*to:/g, /\bev\(\s*'([a-z][a-z0-9-]+)'/g];
export const eventKinds = () => collect(['engine/rulesets'], EVENT);
