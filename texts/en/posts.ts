// English: the forum posts' own words (headers, the vote count's lines, the footer), as ICU messages.
// Event texts come from the dictionaries; only what a GM's post adds around them lives here.
import type { PostTexts } from '../types.js';

const posts: PostTexts = {
  results: 'Results',
  'vote-count': 'Vote count',
  'final-vote-count': 'Final vote count',
  'no-votes': 'No votes.',
  'not-voting': 'Not voting ({n})',
  abstaining: 'Abstaining ({n})',
  deadline: 'Deadline: {at}',
  next: 'Next phase: {phase}, deadline {at}.',
  'next-unscheduled': 'Next phase: {phase}.',
  paused: 'The match is paused.',
  ended: 'The match is over.',
  'match-page': 'Match page',
  changes: 'Bold: new since the last count; grey: withdrawn or moved.',
  history: 'Vote history',
  'history-vote': '{voter} votes {target}',
  'history-abstain': '{voter} abstains',
  'history-withdraw': '{voter} withdraws',
  'nothing-public': 'No public events.',
  footer: 'Posted by dusk, the game master that never sleeps.',
};

export default posts;
