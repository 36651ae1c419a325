// The dictionaries: the platform's texts (common/) beside each ruleset's own (lupus/, killgame/,
// mafia/), merged into one Dict per language. A ruleset's folder holds the actions, fields,
// reasons, events and UI keys only that ruleset uses; a key lives in exactly one of them
// (test/unit/i18n/dictionaries.test.ts).
import commonEn from './en/common.js';
import commonIt from './it/common.js';
import commonRu from './ru/common.js';
import type { Dict, Lang, RulesetDict } from './index.js';
import killgameEn from './en/killgame.js';
import killgameIt from './it/killgame.js';
import killgameRu from './ru/killgame.js';
import lupusEn from './en/lupus.js';
import lupusIt from './it/lupus.js';
import lupusRu from './ru/lupus.js';
import mafiaEn from './en/mafia.js';
import mafiaIt from './it/mafia.js';
import mafiaRu from './ru/mafia.js';

export const COMMON_DICTS: Record<Lang, Dict> = { en: commonEn, it: commonIt, ru: commonRu };

export const RULESET_DICTS = {
  lupus: { en: lupusEn, it: lupusIt, ru: lupusRu },
  killgame: { en: killgameEn, it: killgameIt, ru: killgameRu },
  mafia: { en: mafiaEn, it: mafiaIt, ru: mafiaRu },
} satisfies Record<string, Record<Lang, RulesetDict>>;

const SECTIONS = ['ui', 'terms', 'actions', 'fields', 'errors', 'events'] as const;

function merged(lang: Lang): Dict {
  const parts = [COMMON_DICTS[lang], ...Object.values(RULESET_DICTS).map((r) => r[lang])];
  return Object.fromEntries(SECTIONS.map((s) => [s, Object.assign({}, ...parts.map((p) => p[s] ?? {}))])) as unknown as Dict;
}

export const DICTS: Record<Lang, Dict> = { en: merged('en'), it: merged('it'), ru: merged('ru') };
