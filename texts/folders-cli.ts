// `npm run texts`: writes texts/folders.ts from texts/langs.ts (texts/folders-source.ts), if it changed.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { foldersSource } from './folders-source.js';

const file = join(import.meta.dirname, 'folders.ts');
const source = foldersSource();
if (!existsSync(file) || readFileSync(file, 'utf8') !== source) {
  writeFileSync(file, source);
  console.log('wrote texts/folders.ts');
}
