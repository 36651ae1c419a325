// The post routes: public, text/plain, cached briefly, validated; the same post as the published file.
import { describe, expect, it } from 'vitest';
import { startSeven } from '../integration/lupus-table.js';
import { effectsSettled, useStack } from '../setup/stack.js';
import { dayOneWithoutCarla, shortcuts } from '../toolkit/helpers.js';

const { api, stack } = useStack();

const get = (path: string) => fetch(`${stack.url}${path}`);

describe('post routes (issue 19, LUP-8.2, LUP-10.2)', () => {
  it('a closed phase’s post and the open day’s count, as text anyone may read, equal to the published files', async () => {
    const { m, s } = await dayOneWithoutCarla(api, 'post-routes');
    await s.act('anna', { type: 'vote', target: 'bruno' });
    await s.act('gina', { type: 'abstain' });
    // The published files are written from the commits, off the request path (decision 11).
    await effectsSettled(stack);

    for (const [format, ext] of [
      ['bbcode', 'bbcode'],
      ['markdown', 'md'],
    ] as const) {
      for (const lang of ['it', 'ru', 'en'] as const) {
        const post = await get(`${s.base}/phases/night-1/post?format=${format}&lang=${lang}`);
        expect(post.status).toBe(200);
        expect(post.headers.get('content-type')).toBe('text/plain; charset=utf-8');
        expect(post.headers.get('cache-control')).toBe('public, max-age=60');
        const text = await post.text();
        expect(text).toContain('Carla');
        expect(text).toContain(`/#/m/${m.matchId}`);
        expect(await (await get(`/matches/${m.matchId}/phases/night-1.${lang}.${ext}`)).text()).toBe(text);
      }
    }
    const ru = await (await get(`${s.base}/phases/night-1/post?format=bbcode&lang=ru`)).text();
    expect(ru).toContain('[b][color=#c0392b]Carla погибает. Причина: удаление ведущим.[/color][/b]');
    expect(ru).toMatch(/Следующая фаза: День 1, срок .+\.\[\/b\]/);

    const count = await get(`${s.base}/votes/post?format=markdown&lang=en`);
    expect(count.status).toBe(200);
    expect(count.headers.get('cache-control')).toBe('public, max-age=5');
    const text = await count.text();
    expect(text).toContain(
      '**Bruno (1)**: Anna — *to the stake on these votes*\nAbstaining (1): Gina\nNot voting (4): Bruno, Dario, Elena, Fabio',
    );
    expect(text).toContain('One vote each; the most votes at the close go to the stake, less a vote a Priest may remove.');
    expect(text).toMatch(/Deadline: .+/);
    // Every other answer of the API stays uncached.
    expect((await get(`${s.base}/votes`)).headers.get('cache-control')).toBe('no-store');
  });

  it('decision 6: only the post of the phase before the open one gives its deadline; an older post names its next phase alone', async () => {
    const { s } = await dayOneWithoutCarla(api, 'post-next');
    const post = async (phase: string) => (await get(`${s.base}/phases/${phase}/post?format=markdown&lang=en`)).text();
    expect(await post('night-1')).toMatch(/Next phase: Day 1, deadline .+\./);
    expect((await s.resolve('day-1')).status).toBe(200);
    expect((await s.summary()).phase).toBe('night-2');
    // Day 1 has closed since: its deadline is past, and night 1's post no longer gives it.
    const older = await post('night-1');
    expect(older).toContain('Next phase: Day 1.');
    expect(older).not.toContain('deadline');
    expect(await post('day-1')).toMatch(/Next phase: Night 2, deadline .+\./);
  });

  it('decision 6: while the match is paused, the post of the phase before the paused one says so and gives no deadline', async () => {
    const { m, s } = await dayOneWithoutCarla(api, 'post-paused');
    const post = async () => (await get(`${s.base}/phases/night-1/post?format=markdown&lang=en`)).text();
    expect((await api.post(`${s.base}/pause`, {}, m.gm)).status).toBe(200);
    const paused = await post();
    expect(paused).toContain('Next phase: Day 1. The match is paused.');
    expect(paused).not.toContain('deadline');
    expect((await api.post(`${s.base}/resume`, {}, m.gm)).status).toBe(200);
    const resumed = await post();
    expect(resumed).toMatch(/Next phase: Day 1, deadline .+\./);
    expect(resumed).not.toContain('paused');
  });

  it('issue 42: the GM picks the forum (a live `forum` setting); a post asked without a format is written for it', async () => {
    const { m, s } = await dayOneWithoutCarla(api, 'post-forum');
    const plain = async () => (await get(`${s.base}/phases/night-1/post?lang=it`)).text();
    // None chosen: phpBB, as `format=bbcode` always was.
    expect(await plain()).toBe(await (await get(`${s.base}/phases/night-1/post?format=bbcode&lang=it`)).text());
    expect((await api.patch(`${s.base}/settings`, { forum: 'xenforo' }, m.gm)).status).toBe(200);
    const xf = await plain();
    expect(xf).toMatch(/^\[size=5\]\[b\]/);
    expect(xf).toBe(await (await get(`${s.base}/phases/night-1/post?format=xenforo&lang=it`)).text());
    expect((await api.patch(`${s.base}/settings`, { forum: 'reddit' }, m.gm)).status).toBe(200);
    expect(await plain()).toMatch(/^## /);
    // A forum nobody supports is refused and changes nothing.
    const bad = await api.patch(`${s.base}/settings`, { forum: 'myspace' }, m.gm);
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid-settings');
    expect(await plain()).toMatch(/^## /);
  });

  it('refuses a bad format, language or phase with a JSON reason; an open or unknown phase has no post', async () => {
    const m = await startSeven(api, {}, 'post-refusals');
    const s = shortcuts(api, m);
    for (const q of ['format=html', 'lang=de', 'format=bbcode&lang=it&x=1', 'since=-1', 'since=soon']) {
      const path = q.startsWith('since') ? `${s.base}/votes/post?${q}` : `${s.base}/phases/night-1/post?${q}`;
      const answer = await api.get(path);
      expect(answer.status, q).toBe(400);
      expect(answer.body.error.code).toBe('invalid-body');
    }
    expect((await api.get(`${s.base}/phases/Night%201/post`)).status).toBe(400);
    expect((await api.get(`${s.base}/phases/night-1/post`)).body.error.code).toBe('wrong-phase');
    expect((await api.get(`${s.base}/phases/day-9/post`)).status).toBe(404);
    expect((await api.get('/api/matches/nope/phases/night-1/post')).status).toBe(404);
    // Night votes are secret: no vote count to post.
    expect((await api.get(`${s.base}/votes/post`)).body.error.code).toBe('no-votes');
  });
});
