// docs/api.md, generated from the one declaration of each route (routes.ts): `npm run docs:api`
// writes it, and a unit test keeps the committed file equal to what the routes say.
import type { Route } from './contract.js';
import { routes } from './routes.js';

const WHO: Record<Route['auth'], string> = { none: 'anyone', gm: 'GM', player: 'player', seat: 'player' };

const INTRO = `# The HTTP API

Generated from \`functions/api/routes.ts\` by \`npm run docs:api\`; do not edit by hand. The
OpenAPI document, with every request and answer schema, is served at \`GET /api/openapi.json\`.

All routes are under \`/api\`. Tokens travel as \`Authorization: Bearer <token>\`: the GM token a
match was created with, or a player token from joining. Errors are
\`{ "error": { "code", "message", "params"? } }\`: \`code\` is a kebab-case reason id (the page shows
its text in the reader's language; \`message\` is for developers), with 400 bad input, 401 no or bad
token, 403 not yours, 404 unknown, 409 wrong phase or state (a ruleset's own refusals), 413 too
large, 429 too many, 500 our fault, 503 the store is busy (try again). \`functions/api/status.ts\`
gives each reason id its status.
`;

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** The Markdown page of every route: method and path, caller, what it does, the statuses it answers. */
export function apiMarkdown(): string {
  const rows = Object.entries(routes as Record<string, Route>).map(([name, r]) => {
    const statuses = Object.keys(r.config.responses).join(', ');
    const summary = String(r.config.summary ?? name);
    return `| \`${r.method.toUpperCase()} ${r.path}\` | ${WHO[r.auth]} | ${cell(summary)} | ${statuses} |`;
  });
  return `${INTRO}\n| route | who | does | answers |\n| --- | --- | --- | --- |\n${rows.join('\n')}\n`;
}
