// Generated from texts/langs.ts by `npm run texts` (texts/folders-source.ts): do not edit.
// The languages' folders of texts, gathered by texts/dicts.ts. Kept apart from texts/langs.ts so that the list
// of languages loads without the texts (the API reads it at cold start; the texts load later).
export { default as it } from './it/index.js';
export { default as ru } from './ru/index.js';
export { default as en } from './en/index.js';
