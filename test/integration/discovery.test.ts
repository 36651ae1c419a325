// What a newcomer's tools read first: health, the rulesets with their settings, the OpenAPI document.
import { describe, expect, it } from 'vitest';
import { useStack } from '../setup/stack.js';

const { api } = useStack();

describe('discovery', () => {
  it('health answers when the store does', async () => {
    expect((await api.get('/api/health')).body).toEqual({ ok: true });
  });

  it('lists every ruleset with its settings schema, defaults (check-mode off) and join options', async () => {
    const { body } = await api.get('/api/rulesets');
    const ids = body.rulesets.map((r: any) => r.id).sort();
    expect(ids).toEqual(['killgame', 'lupus', 'mafia']);
    for (const r of body.rulesets) {
      expect(r.settings.type).toBe('object');
      expect(r.defaults['check-mode']).toBe(false);
      expect(r.liveSettings).toContain('check-mode');
      expect(r.options.type).toBe('object');
    }
    const mafia = body.rulesets.find((r: any) => r.id === 'mafia');
    expect(Object.keys(mafia.options.properties)).toContain('specialty');
  });

  it('serves an OpenAPI 3.1 document naming every contract route', async () => {
    const { body } = await api.get('/api/openapi.json');
    expect(body.openapi).toBe('3.1.0');
    for (const path of [
      '/api/matches',
      '/api/matches/{id}/start',
      '/api/matches/{id}/me/actions',
      '/api/matches/{id}/me/actions/{slot}',
      '/api/matches/{id}/channels/{channel}/messages',
      '/api/matches/{id}/as/{playerId}',
    ]) {
      expect(body.paths[path], path).toBeDefined();
    }
    expect(body.paths['/api/matches'].post.requestBody).toBeDefined();
    // A body is required exactly when an empty one fails its schema (worked out as the document is made).
    const required = (method: string, path: string) => body.paths[path][method].requestBody.required;
    expect(required('post', '/api/matches')).toBe(true);
    expect(required('post', '/api/matches/{id}/extend')).toBe(true);
    expect(required('post', '/api/matches/{id}/me/actions')).toBe(true);
    expect(required('post', '/api/matches/{id}/start')).toBe(false);
    expect(required('post', '/api/matches/{id}/me/check')).toBe(false);
    expect(required('patch', '/api/matches/{id}/settings')).toBe(false);
  });

  it('a sandbox match says so in its public summary', async () => {
    const created = await api.post('/api/matches', { ruleset: 'lupus', name: 'rigged', sandbox: true });
    const summary = await api.get(`/api/matches/${created.body.matchId}`);
    expect(summary.body.sandbox).toBe(true);
    const real = await api.post('/api/matches', { ruleset: 'lupus', name: 'real' });
    expect((await api.get(`/api/matches/${real.body.matchId}`)).body.sandbox).toBe(false);
  });
});
