// Russian: the forum posts' own words (headers, the vote count's lines, the footer), as ICU messages.
// Event texts come from the dictionaries; only what a GM's post adds around them lives here.
import type { PostTexts } from '../types.js';

const posts: PostTexts = {
  results: 'Итоги',
  'vote-count': 'Подсчёт голосов',
  'final-vote-count': 'Итоговый подсчёт голосов',
  'no-votes': 'Голосов нет.',
  'not-voting': 'Не голосуют ({n})',
  abstaining: 'Воздержались ({n})',
  deadline: 'Срок: {at}',
  next: 'Следующая фаза: {phase}, срок {at}.',
  'next-unscheduled': 'Следующая фаза: {phase}.',
  paused: 'Партия на паузе.',
  ended: 'Партия окончена.',
  'match-page': 'Страница партии',
  changes: 'Жирным — новые голоса с прошлого подсчёта; серым — снятые или перенесённые.',
  history: 'История голосования',
  'history-vote': '{voter} → {target}',
  'history-abstain': '{voter} воздерживается',
  'history-withdraw': '{voter} снимает голос',
  'nothing-public': 'Публичных событий нет.',
  footer: 'Пост написан dusk — ведущим, который никогда не спит.',
};

export default posts;
