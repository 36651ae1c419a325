// Italiano: cosa fa ogni ruolo di Lupus, quando, per chi, con quali limiti (rules/lupus.md §2–§11).
import type { RulesetCards } from '../../cards.js';

const VILLAGE = 'Villaggio: conta come un umano. Il Villaggio vince quando tutti i lupi, Dracula e il Negromante sono morti.';
const PACK =
  'Branco: conta come un lupo. Il Branco vince quando i lupi vivi sono almeno quanti umani e vampiri insieme, e Dracula è morto.';
const PUMPKIN = 'Villaggio: conta come un umano. Sa solo di essere una Zucca Semplice, come ogni zucca.';

const cards: RulesetCards = {
  intro:
    'Si alternano notti e giorni. Di notte i ruoli speciali agiscono in segreto; di giorno tutti votano e chi ha più voti alla chiusura va al rogo. Il Villaggio vince quando tutti i lupi, Dracula e il Negromante sono morti; il Branco quando i lupi vivi sono almeno quanti umani e vampiri insieme e Dracula è morto; la Congrega quando i vampiri vivi sono almeno quanti umani e lupi insieme. Se non resta nessuno, è pareggio.',
  cards: {
    'veggente-gufato': {
      does: 'Osserva un giocatore in vita e scopre se appare innocente o sotto sospetto. Con il gufo, la risposta va invece a un altro giocatore in vita, senza dire chi l’ha chiesta.',
      when: 'Ogni notte, dalla notte 1.',
      side: VILLAGE,
      limits:
        'Non su sé stesso; il gufo non va né a lui né al bersaglio. «Sotto sospetto» non è una fazione: anche lo Spirito Bianco lo appare. Un sogno indovinato o una maledizione la fanno fallire.',
    },
    parroco: {
      does: 'Benedice un giocatore in vita: un lupo o un vampiro muore subito; chiunque altro è al sicuro dal morso per quella notte. Di giorno può anche togliere in segreto un voto a un giocatore.',
      when: 'La benedizione dalla notte 2; il voto tolto in un giorno o in un ballottaggio.',
      side: VILLAGE,
      limits:
        'Ogni potere una volta per partita. Non su sé stesso per la benedizione (su di sé sì per il voto). Nessun esito gli viene detto. Un sogno indovinato o una maledizione fanno fallire la benedizione, che è consumata.',
    },
    'spirito-bianco': {
      does: 'Riporta in vita un giocatore morto.',
      when: 'Di notte, dalla notte 3.',
      side: 'Villaggio: conta come un umano, ma a un’indagine appare sotto sospetto.',
      limits:
        'Dopo la seconda resurrezione muore lui stesso (morte misteriosa). Un sogno indovinato o una maledizione la fanno fallire; quella fallita non conta.',
    },
    'super-medium': {
      does: 'Scopre, per ogni giocatore andato al rogo il giorno prima, se era un lupo. Una volta per partita può anche conoscere il ruolo di un morto.',
      when: 'Ogni notte, dalla notte 2.',
      side: VILLAGE,
      limits:
        'Il resoconto del rogo non si blocca. La rivelazione mostra Strega, Bardo e Gatto Nero come Zucca Semplice; un sogno indovinato o una maledizione la fanno fallire, ed è consumata.',
    },
    bambina: {
      does: 'Spia un giocatore in vita: se quella notte il branco lo sbrana, scopre quale lupo l’ha fatto, e quel lupo scopre di essere stato visto.',
      when: 'Di notte, dalla notte 2.',
      side: VILLAGE,
      limits:
        'Non su sé stessa, non lo stesso giocatore due notti di fila. Niente se il bersaglio non è la vittima del branco. Un sogno indovinato o una maledizione la fanno fallire.',
    },
    strega: {
      does: 'Devia uno sbranamento: se il branco attacca lei, muore al suo posto il giocatore che ha scelto quella notte (anche un lupo) e lei si salva. Morsi e maledizioni non la toccano.',
      when: 'Sceglie un giocatore ogni notte dalla notte 2; la deviazione funziona una volta.',
      side: PUMPKIN,
      limits:
        'Si devia solo il primo attacco contro di lei, e non le viene mai detto che è consumata. Una notte senza scelta è una notte senza deviazione.',
    },
    bardo: {
      does: 'Tesse le lodi di un giocatore in vita: all’alba lo sanno tutti, e se il lodato è del Villaggio conta come un umano in più per il resto della partita, anche se poi viene morso.',
      when: 'Una notte qualsiasi dalla notte 1, una volta per partita.',
      side: PUMPKIN,
      limits:
        'Non su sé stesso. Una maledizione fa fallire l’elogio e lo consuma; l’elogio di chi non è del Villaggio viene annunciato ma non aggiunge nulla.',
    },
    'gatto-nero': {
      does: 'Nessuna azione notturna. Se il branco lo sbrana, il lupo che l’ha fatto è menagramato: ogni suo attacco successivo viene rivelato al bersaglio. Se va al rogo, maledice un abitante del Villaggio che l’ha votato o si è astenuto: il prossimo vero potere di quel giocatore fallisce.',
      when: 'Quando muore.',
      side: PUMPKIN,
      limits: 'La maledizione è estratta a sorte; se cade sulla Strega non ha effetto. Nessuno ne viene informato.',
    },
    'zucca-semplice': {
      does: 'Un semplice abitante senza poteri. Come ogni zucca può inviare un elogio e una deviazione, che non fanno nulla: così nessuno distingue le zucche tra loro.',
      when: 'Vota ogni giorno.',
      side: VILLAGE,
      limits: 'Le sue azioni da zucca non hanno mai effetto né esito.',
    },
    'lupo-mannaro': {
      does: 'Caccia con il branco: un lupo qualsiasi sceglie la vittima, il lupo che esce a sbranare e una riserva. Legge e scrive nel canale del branco.',
      when: 'Lo sbranamento ogni notte dalla notte 2.',
      side: PACK,
      limits:
        'Non può sbranare un compagno; è immune al morso. Un Gatto Nero sbranato menagrama il lupo che è uscito; la Bambina può vederlo.',
    },
    'lupo-dell-incubo': {
      does: 'Un lupo del branco che in più sogna: nomina un giocatore e tira a indovinarne il ruolo; se indovina, le azioni di quel giocatore falliscono per il resto della notte.',
      when: 'Il sogno ogni notte dalla notte 1; lo sbranamento dalla notte 2.',
      side: PACK,
      limits:
        'Non un compagno di branco, non lo stesso giocatore due notti di fila, nessuna zucca come ipotesi. Non saprà mai se ha indovinato. Non blocca le azioni di giorno né il resoconto del rogo.',
    },
    'lupo-segugio': {
      does: 'Un lupo del branco che in più, a ogni alba, scopre quanti vampiri sono in vita.',
      when: 'Ogni alba; lo sbranamento dalla notte 2.',
      side: PACK,
      limits: 'Un numero, mai dei nomi.',
    },
    'lupo-spirito': {
      does: 'Un lupo del branco che continua a leggere e scrivere nel canale del branco anche da morto.',
      when: 'Lo sbranamento dalla notte 2; il canale per tutta la partita.',
      side: `${PACK} Da morto non conta più.`,
      limits: 'Da morto non sbrana più.',
    },
    dracula: {
      does: 'Morde un giocatore in vita: la vittima diventa un Vampiro Progenie, perde ruolo e poteri e passa alla Congrega. Dracula scopre se il morso è riuscito.',
      when: 'Di notte, dalla notte 2.',
      side: 'Congrega: conta come un vampiro. La Congrega vince quando i vampiri vivi sono almeno quanti umani e lupi insieme. Finché lui vive, né il Villaggio né il Branco possono vincere.',
      limits:
        'Non su sé stesso né su un vampiro. Il morso non ha effetto su un lupo, sulla Strega, sul Negromante o su chi è stato benedetto quella notte.',
    },
    'vampiro-progenie': {
      does: 'Nessun potere. Nasce solo dal morso di Dracula e sa chi è il suo Dracula.',
      when: 'Dalla notte del morso.',
      side: 'Congrega: conta come un vampiro. Le progenie in vita non impediscono la vittoria del Villaggio.',
      limits: 'Mai distribuito all’inizio. Chi era stato lodato resta lodato.',
    },
    negromante: {
      does: 'Risveglia un morto (tira a indovinare lupo, Dracula o progenie: un abitante del Villaggio si risveglia sempre, gli altri solo se indovina) oppure contatta un giocatore qualsiasi e apre con lui un canale segreto degli spiriti.',
      when: 'Ogni notte dalla notte 1, una delle due cose.',
      side: 'Solitario: non conta per nessuna fazione. Vince con la fazione dell’ultimo giocatore contattato che non è del Villaggio; senza un tale contatto non può vincere. Finché lui vive, il Villaggio non può vincere.',
      limits:
        'Mai due volte lo stesso giocatore, con nessuno dei due poteri. Immune al morso e alla maledizione; un sogno che nomina il Negromante lo blocca.',
    },
  },
};

export default cards;
