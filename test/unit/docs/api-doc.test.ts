// docs/api.md is generated from the routes' one declaration; the committed page must say what they say.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiMarkdown } from '../../../functions/api/api-doc.js';
import { routes } from '../../../functions/api/routes.js';

describe('docs/api.md', () => {
  it('is what npm run docs:api generates from functions/api/routes.ts (regenerate it after changing a route)', () => {
    expect(readFileSync(resolve(import.meta.dirname, '../../../docs/api.md'), 'utf8')).toBe(apiMarkdown());
  });

  it('names every route with its caller', () => {
    const page = apiMarkdown();
    for (const r of Object.values(routes)) expect(page).toContain(`\`${r.method.toUpperCase()} ${r.path}\``);
    expect(page).toMatch(/\| `POST \/api\/matches\/\{id\}\/me\/actions` \| player \|/);
  });
});
