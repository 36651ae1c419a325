// `npm run docs:api`: writes docs/api.md from the routes (api-doc.ts).
import { writeFileSync } from 'node:fs';
import { apiMarkdown } from './api-doc.js';

writeFileSync('docs/api.md', apiMarkdown());
console.log('wrote docs/api.md');
