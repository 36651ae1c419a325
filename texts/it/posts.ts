// Italian: the forum posts' own words (headers, the vote count's lines, the footer), as ICU messages.
// Event texts come from the dictionaries; only what a GM's post adds around them lives here.
import type { PostTexts } from '../types.js';

const posts: PostTexts = {
  results: 'Esito',
  'vote-count': 'Conta dei voti',
  'final-vote-count': 'Conta finale dei voti',
  'no-votes': 'Nessun voto.',
  'not-voting': 'Non votanti ({n})',
  abstaining: 'Astensioni ({n})',
  deadline: 'Scadenza: {at}',
  next: 'Prossima fase: {phase}, scadenza {at}.',
  'next-unscheduled': 'Prossima fase: {phase}.',
  paused: 'La partita è in pausa.',
  ended: 'La partita è finita.',
  'match-page': 'Pagina della partita',
  changes: 'In grassetto i voti nuovi dall’ultima conta; in grigio quelli ritirati o spostati.',
  history: 'Cronologia dei voti',
  'history-vote': '{voter} vota {target}',
  'history-abstain': '{voter} si astiene',
  'history-withdraw': '{voter} ritira il voto',
  'nothing-public': 'Nessun evento pubblico.',
  footer: 'Post scritto da dusk, il master che non dorme mai.',
};

export default posts;
