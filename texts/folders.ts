// The languages' folders of texts, one line each (texts/dicts.ts gathers them). Kept apart from texts/langs.ts
// so that the list of languages loads without the texts (the API reads it at cold start; the texts load later).
export { default as it } from './it/index.js';
export { default as ru } from './ru/index.js';
export { default as en } from './en/index.js';
