// The languages dusk speaks, one line each: its code and its folder of texts (texts/<code>/index.ts, which
// names the language). Adding a language is its folder and its line here; texts/langs.ts and texts/dicts.ts
// read everything else from the folders.
export { default as it } from './it/index.js';
export { default as ru } from './ru/index.js';
export { default as en } from './en/index.js';
