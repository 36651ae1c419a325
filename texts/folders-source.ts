// texts/folders.ts is generated from texts/langs.ts: one re-export per language, so that adding a language is
// its folder texts/<code>/ and its line in LANG_NAMES. `npm run texts` writes it (npm start and npm test run
// it first); test/unit/i18n/extra-language.test.ts checks that the committed file is what this makes.
import { LANGS } from './langs.js';

const HEADER = `// Generated from texts/langs.ts by \`npm run texts\` (texts/folders-source.ts): do not edit.
// The languages' folders of texts, gathered by texts/dicts.ts. Kept apart from texts/langs.ts so that the list
// of languages loads without the texts (the API reads it at cold start; the texts load later).
`;

export const foldersSource = (langs: readonly string[] = LANGS): string =>
  HEADER + langs.map((lang) => `export { default as ${lang} } from './${lang}/index.js';\n`).join('');
