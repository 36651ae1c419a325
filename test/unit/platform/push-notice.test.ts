// What the service worker shows for a Web Push notice (issue 16), in each language, from ids alone.
import { describe, expect, it } from 'vitest';
import { noticeText } from '../../../web/src/push-notice.js';

const match = { id: 'm1', name: 'Friday night' };

describe('push notice text', () => {
  it('issue 16: "Night 2 is over in Friday night", with the phase now open, in it/ru/en', () => {
    expect(noticeText({ kind: 'results', match, phase: 'night-2', next: 'day-3', lang: 'en' })).toEqual({
      title: 'Night 2 is over in Friday night',
      body: 'Now: Day 3.',
      url: '/#/m/m1',
      tag: 'm1:results',
    });
    expect(noticeText({ kind: 'results', match, phase: 'night-2', next: 'day-3', lang: 'it' })?.title).toBe(
      'È terminata la fase Notte 2 in Friday night',
    );
    expect(noticeText({ kind: 'results', match, phase: 'night-2', next: 'day-3', lang: 'ru' })?.title).toBe(
      'Фаза «Ночь 2» закончилась в игре «Friday night»',
    );
    expect(noticeText({ kind: 'results', match, phase: 'day-4', next: null, lang: 'en' })?.body).toBe('Friday night is over.');
  });

  it('issue 16: a reminder names the deadline; an unknown payload shows nothing', () => {
    const deadline = Date.UTC(2026, 11, 4, 21, 0);
    const r = noticeText({ kind: 'reminder', match, phase: 'day-1', deadline, lang: 'en' })!;
    expect(r.title).toBe('Day 1 closes soon in Friday night');
    expect(r.body).toContain('You have not checked yet.');
    expect(noticeText({ kind: 'reminder', match, phase: 'day-1', lang: 'en' })).toBeNull();
    expect(noticeText({ kind: 'other', match, phase: 'day-1' })).toBeNull();
    expect(noticeText({})).toBeNull();
  });
});
