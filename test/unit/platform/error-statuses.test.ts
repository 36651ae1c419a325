// Issue 12 item 6: the service raises domain errors (a reason id, a message, params); the HTTP status
// of each reason id is chosen once, in functions/api/status.ts.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULESET_REFUSAL_STATUS, STATUS_BY_REASON, statusOf } from '../../../functions/api/status.js';
import { platformReasonIds, reasonIds } from '../i18n/sources.js';

const root = join(import.meta.dirname, '../../..');
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
const table = STATUS_BY_REASON as Record<string, number>;

describe('issue 12 item 6: one table of HTTP statuses', () => {
  it('every reason id functions/ raises has its status in the table, not the default for a ruleset', () => {
    const raised = platformReasonIds();
    expect(raised.size).toBeGreaterThan(40);
    expect([...raised].filter(([id]) => !(id in table)).map(([id, file]) => `${id} (${file})`)).toEqual([]);
  });

  it('every reason id has exactly one status: each id is listed once, and only ids someone raises', () => {
    const text = readFileSync(join(root, 'functions/api/status.ts'), 'utf8');
    const body = text.slice(text.indexOf('STATUS_BY_REASON = {'), text.indexOf('} as const'));
    const listed = [...body.matchAll(/^\s+'?([a-z][a-z0-9-]*)'?: \d{3},/gm)].map((m) => m[1]!);
    expect(listed.length).toBe(Object.keys(table).length);
    expect(listed.filter((id, i) => listed.indexOf(id) !== i)).toEqual([]);
    const known = reasonIds();
    expect(Object.keys(table).filter((id) => !known.has(id))).toEqual([]);
  });

  it("a ruleset's own refusal not in the table is a conflict with the game state (409, as before)", () => {
    const rulesetOnly = [...reasonIds().keys()].filter((id) => !(id in table));
    expect(rulesetOnly.length).toBeGreaterThan(50);
    for (const id of rulesetOnly) expect(statusOf(id), id).toBe(RULESET_REFUSAL_STATUS);
    expect(RULESET_REFUSAL_STATUS).toBe(409);
  });

  it('no file of functions/api or functions/service but the table writes an error status', () => {
    const files = [...sources(join(root, 'functions/api')), ...sources(join(root, 'functions/service'))].filter(
      (f) => !f.endsWith('functions/api/status.ts'),
    );
    const offenders = files
      .filter((f) => /,\s*[45]\d\d\s*\)|\(\s*[45]\d\d\s*,|status:\s*[45]\d\d/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(root, f));
    expect(offenders).toEqual([]);
  });

  it('no service file imports from functions/api (the service knows no HTTP)', () => {
    const files = sources(join(root, 'functions/service'));
    expect(files.length).toBeGreaterThan(20);
    const offenders = files
      .filter((f) => /(?:from|import)\s*\(?\s*'(?:\.\.\/)+api\//.test(readFileSync(f, 'utf8')))
      .map((f) => relative(root, f));
    expect(offenders).toEqual([]);
  });
});
