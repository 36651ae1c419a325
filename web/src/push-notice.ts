// What a Web Push notice says, in the language the player subscribed in: the notice carries only ids and the
// match's name (functions/service/push/notices.ts); the words are here. Pure: the service worker shows it.
import { format, isLang, phaseText, type Lang } from '../../texts/index.js';

export interface PushNotice {
  kind?: unknown;
  match?: { id?: unknown; name?: unknown };
  phase?: unknown;
  next?: unknown;
  deadline?: unknown;
  lang?: unknown;
}

/** What a notice says: a title and a line, or null for a payload this page does not know. */
export function noticeText(notice: PushNotice): { title: string; body: string; url: string; tag: string } | null {
  const lang: Lang = isLang(notice.lang) ? notice.lang : 'en';
  const id = typeof notice.match?.id === 'string' ? notice.match.id : null;
  const name = typeof notice.match?.name === 'string' ? notice.match.name : '';
  if (!id || typeof notice.phase !== 'string') return null;
  const phase = phaseText(lang, notice.phase);
  const url = `/#/m/${encodeURIComponent(id)}`;
  if (notice.kind === 'results') {
    const body =
      typeof notice.next === 'string'
        ? format(lang, 'headline-watch', { phase: phaseText(lang, notice.next) })
        : format(lang, 'push-ended', { match: name });
    return { title: format(lang, 'push-results', { phase, match: name }), body, url, tag: `${id}:results` };
  }
  if (notice.kind === 'reminder' && typeof notice.deadline === 'number') {
    const time = new Intl.DateTimeFormat(lang, { weekday: 'short', hour: '2-digit', minute: '2-digit' }).format(notice.deadline);
    return {
      title: format(lang, 'push-reminder-title', { phase, match: name }),
      body: format(lang, 'push-reminder', { time }),
      url,
      tag: `${id}:reminder`,
    };
  }
  return null;
}
