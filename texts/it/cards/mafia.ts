// Italiano: cosa fanno ruoli, specialità e oggetti del catalogo di Mafia (rules/mafia.md §1, §7, catalogo).
import type { RulesetCards } from '../../cards.js';

const TOWN = 'Città: vince quando in città non resta nessun bandito (tutti morti, in prigione o lontani).';
const BANDITS =
  'Banditi: vincono quando i banditi in città sono almeno la metà dei giocatori in città. I banditi si conoscono e hanno un canale comune.';
const SPECIALTY =
  'Una specialità: ogni giocatore ne sceglie una prima dell’inizio, e nessun altro lo sa, neanche i compagni banditi. Dopo una resurrezione riposa per due giorni e due notti.';
const THING = 'Un solo uso, poi sparisce. Gli Oggetti (la rarità più bassa) non si possono mai rubare.';
const NIGHT = 'Di notte, come azione base.';
const NIGHT_INSTANT = 'Di notte, istantaneo: occupa lo spazio istantaneo, non quello base.';
const DAY = 'Di giorno, allo scoperto: tutti vedono chi l’ha usato e su chi.';
const PASSIVE = 'Sempre, finché lo possiedi.';
const TWO = 'Due cariche; un Charging Crystal può ricaricarlo una volta.';
const EVERY_OTHER = 'Si ricarica: usabile una notte sì e una no.';
const UNIQUE = 'Leggendario: uno solo in tutta la partita.';

const cards: RulesetCards = {
  intro:
    'Di giorno tutti votano per mandare un giocatore in prigione e possono cercare una mappa del tesoro; di notte tutti cercano oggetti, rubano, si preparano e usano ciò che hanno. La Città vince quando in città non resta nessun bandito; i banditi vincono quando sono almeno la metà di chi è in città. Squadre e ruoli sono segreti: solo i banditi si conoscono tra loro.',
  cards: {
    townsperson: {
      does: 'Nessun ruolo speciale: di giorno vota, di notte cerca, ruba e usa oggetti come tutti.',
      when: 'In ogni fase.',
      side: TOWN,
      limits: 'Ogni controllo lo mostra come Città.',
    },
    bandit: {
      does: 'Un bandito senza specializzazione: conosce gli altri banditi e parla con loro nel loro canale. Un furto ai danni di un altro bandito riesce sempre.',
      when: 'In ogni fase.',
      side: BANDITS,
      limits:
        'Con soli 2 banditi nessuno ha una specializzazione. Da 18 giocatori la squadra ha una Distruzione per partita: indica un oggetto di un giocatore in città e lo distrugge all’alba.',
    },
    boss: {
      does: 'Un bandito che parte con dei Revolver: ognuno è un tentativo di uccisione notturno.',
      when: 'Di notte.',
      side: BANDITS,
      limits: '2 Revolver (3 in una partita grande); li conserva se finisce in prigione e viene liberato.',
    },
    blocker: {
      does: 'Un bandito che parte con delle Pozioni del torpore: ognuna blocca le azioni di un giocatore per la notte in corso.',
      when: 'Di notte, istantaneo.',
      side: BANDITS,
      limits: '2 pozioni (3 in una partita grande).',
    },
    poisoner: {
      does: 'Un bandito che parte con dei Veleni: la vittima muore alla fine della seconda notte successiva, se non guarisce.',
      when: 'Di notte, istantaneo.',
      side: BANDITS,
      limits: '2 veleni (3 in una partita grande). La vittima sa di essere avvelenata e può cercare un antidoto.',
    },
    curser: {
      does: 'Un bandito che parte con delle Pozioni della maledizione: ognuna dà a un giocatore una maledizione di 33, la probabilità che una sua azione riuscita fallisca.',
      when: 'Di notte, istantaneo.',
      side: BANDITS,
      limits: '2 pozioni (3 in una partita grande). Fortuna e maledizione si annullano a vicenda.',
    },
    invisible: {
      does: 'Un bandito che ogni controllo della squadra mostra come Città.',
      when: 'Sempre.',
      side: BANDITS,
      limits: 'Nessun oggetto iniziale. Non c’entra con l’invisibilità di un mantello.',
    },
    archaeologist: {
      does: '+10 per trovare oggetti, più +10 per ogni ricerca notturna fallita di fila dall’ultimo successo. Una ricerca fallita non gli toglie la preparazione. Una volta per partita può copiare una mappa del tesoro di un altro giocatore.',
      when: 'Nelle ricerche notturne; la copia della mappa è l’azione base di una notte.',
      side: SPECIALTY,
      limits: 'La copia si consuma anche se il bersaglio non ha più quella mappa.',
    },
    blacksmith: {
      does: '+20 per rubare e 30 di protezione dal furto. Può fondere un oggetto che possiede in Oggetti semplici: una reliquia in una Pozione del torpore, una rarità in un Elisir di vita o un Veleno, un artefatto in un Revolver, un leggendario in tre di questi a scelta.',
      when: 'La fusione: di notte, in uno spazio tutto suo; l’oggetto è distrutto all’alba e arrivano gli Oggetti.',
      side: SPECIALTY,
      limits: 'Gli Oggetti semplici non si fondono; non due notti di fila; lo sa solo lui.',
    },
    guard: {
      does: '30 di protezione dalla morte e un voto che vale 2. Una volta per partita può aggiungere 1 al suo voto del giorno dopo, al prezzo di zero protezione dalla morte quella notte. Se lo salva solo la sua protezione, scopre quanti tentativi ha subito.',
      when: 'Sempre; il rinforzo del voto di notte, istantaneo.',
      side: SPECIALTY,
      limits: 'Il rinforzo una volta per partita; i tentativi non hanno mai nomi.',
    },
    mage: {
      does: '25 di fortuna. Può incantare un oggetto che possiede con un bonus (protezione dal furto o dalla morte, fortuna, ricerca, furto o forza del voto, secondo la rarità) che dall’alba agisce per chi lo possiede.',
      when: 'L’incantesimo: di notte, in uno spazio tutto suo.',
      side: SPECIALTY,
      limits:
        'Gli Oggetti semplici non si incantano; un incantesimo per oggetto, perso quando l’oggetto cambia mano; non due notti di fila.',
    },
    revolver: {
      does: 'Un tentativo di uccidere un altro giocatore; la sua protezione dalla morte o una cura possono salvarlo.',
      when: NIGHT,
      limits: `${THING} Il boss parte con questo.`,
    },
    'dope-potion': {
      does: 'Blocca un altro giocatore per la notte in corso: le sue azioni notturne non si compiono.',
      when: NIGHT_INSTANT,
      limits: `${THING} Il bloccatore parte con questa.`,
    },
    poison: {
      does: 'Avvelena un altro giocatore: se non guarisce, muore alla fine della seconda notte successiva.',
      when: NIGHT_INSTANT,
      limits: `${THING} Chi è già avvelenato non si può avvelenare di nuovo.`,
    },
    'curse-potion': {
      does: 'Maledice un altro giocatore con 33: dopo ogni sua azione riuscita, il 33 % di probabilità che fallisca.',
      when: NIGHT_INSTANT,
      limits: `${THING} Fortuna e maledizione si annullano.`,
    },
    'elixir-of-life': {
      does: 'Cura un giocatore qualsiasi, anche te, per la notte: nessun tentativo di uccisione va a segno.',
      when: NIGHT,
      limits: `${THING} Non guarisce dal veleno e non ferma un incenerimento.`,
    },
    antidote: { does: 'Guarisce un avvelenamento, tuo o di un altro giocatore.', when: NIGHT, limits: THING },
    megaphone: { does: 'Oggi il tuo voto vale 2 in più.', when: `${DAY} Istantaneo.`, limits: THING },
    gag: { does: 'Oggi il voto di un altro giocatore vale 0.', when: DAY, limits: `${THING} Una benedizione può fermarlo.` },
    'sleeping-draught': {
      does: 'Blocca un altro giocatore per il giorno dopo: le sue azioni di giorno vengono annunciate ma non contano.',
      when: NIGHT_INSTANT,
      limits: THING,
    },
    'charging-crystal': {
      does: 'Ricarica tutte le cariche di un oggetto a più usi che possiedi.',
      when: NIGHT_INSTANT,
      limits: `${THING} Ogni oggetto si ricarica una volta sola.`,
    },
    'silver-bullet': {
      does: 'Un tentativo di uccidere un altro giocatore; se è trasformato (un lupo mannaro), invece lo incenerisce.',
      when: NIGHT,
      limits: THING,
    },
    'lucky-coin': {
      does: 'Dà a un giocatore qualsiasi, anche a te, 15 di fortuna: una sua ricerca, furto, uccisione, avvelenamento, controllo o cura fallita può riuscire lo stesso.',
      when: NIGHT,
      limits: TWO,
    },
    'guardian-amulet': { does: '+20 di protezione dalla morte.', when: PASSIVE, limits: 'Si perde con l’oggetto.' },
    'holy-water': { does: 'Toglie maledizione e paralisi a un giocatore qualsiasi.', when: NIGHT, limits: TWO },
    'healers-satchel': {
      does: 'Cura un altro giocatore per la notte: nessun tentativo di uccisione va a segno.',
      when: NIGHT,
      limits: `${EVERY_OTHER} Non su di te.`,
    },
    'tracker-compass': {
      does: '+10 per trovare oggetti. Un pezzo del set dell’Equipaggiamento del segugio.',
      when: PASSIVE,
      limits: 'Si perde con l’oggetto.',
    },
    'night-ring': {
      does: '+10 per rubare. Un pezzo del set delle Insegne del Re della notte.',
      when: PASSIVE,
      limits: 'Si perde con l’oggetto.',
    },
    'detective-loupe': {
      does: 'Controlla la squadra di un altro giocatore (Città o bandito, mai il ruolo); lo scopri solo tu.',
      when: NIGHT,
      limits: `${EVERY_OTHER} Il bandito invisibile risulta Città; un bersaglio invisibile risulta sconosciuto.`,
    },
    'invisibility-cloak': {
      does: 'Ti rende invisibile per la notte: gli effetti degli altri ti mancano, i furti falliscono, i controlli dicono «sconosciuto».',
      when: NIGHT_INSTANT,
      limits: `${TWO} Il veleno uccide lo stesso.`,
    },
    shackles: {
      does: 'Paralizza un altro giocatore: non può fare nulla finché un tiro alla chiusura di un giorno non lo libera.',
      when: NIGHT_INSTANT,
      limits: `${TWO} Una benedizione può fermarle.`,
    },
    'thieves-gloves': { does: '+15 per rubare.', when: PASSIVE, limits: 'Si perde con l’oggetto.' },
    'bear-trap': {
      does: 'Una trappola segreta su un altro giocatore: il primo furto ai suoi danni fallisce e il ladro resta paralizzato. Scopri chi ci è cascato.',
      when: NIGHT,
      limits: 'Un solo uso. La benedizione del ladro può farlo passare.',
    },
    'tracker-boots': {
      does: '+20 di protezione dal furto. Un pezzo del set dell’Equipaggiamento del segugio.',
      when: PASSIVE,
      limits: 'Si perde con l’oggetto.',
    },
    'night-mantle': {
      does: '+20 di benedizione: la probabilità che un effetto dannoso non ti colpisca. Un pezzo del set delle Insegne del Re della notte.',
      when: PASSIVE,
      limits: 'Non aiuta contro uccisioni, furti, marchi o controlli.',
    },
    'dowsing-rod': { does: '+20 per trovare oggetti.', when: PASSIVE, limits: 'Si perde con l’oggetto.' },
    'salamander-flask': {
      does: 'Incenerisce un altro giocatore: una morte che né la protezione dalla morte né una cura fermano.',
      when: NIGHT,
      limits: 'Un solo uso. Immortalità o invisibilità lo salvano ancora.',
    },
    'letter-of-pardon': { does: 'Libera all’alba un giocatore in prigione.', when: NIGHT, limits: 'Un solo uso.' },
    'werewolf-pelt': {
      does: 'Trasforma un giocatore qualsiasi in lupo mannaro: +30 di protezione dalla morte e +20 per rubare. Usata di nuovo sul suo lupo mannaro, annulla la trasformazione.',
      when: `${NIGHT} Ogni notte.`,
      limits: 'Un lupo mannaro per pelle alla volta. Una Silver Bullet incenerisce un lupo mannaro.',
    },
    'tracker-spyglass': {
      does: 'Controlla la squadra di un altro giocatore; la risposta è pubblica alla chiusura del giorno. Un pezzo del set dell’Equipaggiamento del segugio.',
      when: DAY,
      limits: 'Si ricarica: usabile un giorno sì e uno no.',
    },
    'phoenix-feather': {
      does: 'Riporta in città all’alba un giocatore morto, nella sua squadra, a mani vuote.',
      when: NIGHT,
      limits: `Un solo uso, poi è distrutta. ${UNIQUE}`,
    },
    'ring-of-immortality': {
      does: 'Questa notte non puoi morire in nessun modo, veleno compreso.',
      when: NIGHT_INSTANT,
      limits: `Si ricarica: usabile una notte su tre. ${UNIQUE}`,
    },
    'thieves-moon': {
      does: '−20 di protezione dal furto per ogni giocatore in città tranne chi la possiede.',
      when: PASSIVE,
      limits: `Smette quando lascia le mani di chi la possiede. ${UNIQUE}`,
    },
    'book-of-names': {
      does: 'Segna un altro giocatore come «nominato»: la sua protezione dalla morte scende a 0. Ogni nominato che muore dà un punto al libro; da 2 punti il voto di chi lo possiede vale 2 in più.',
      when: NIGHT,
      limits: `${EVERY_OTHER} Una benedizione non ferma un marchio. ${UNIQUE}`,
    },
    'night-crown': { does: 'Il tuo voto vale 2 in più. Un pezzo del set delle Insegne del Re della notte.', when: PASSIVE, limits: UNIQUE },
  },
};

export default cards;
