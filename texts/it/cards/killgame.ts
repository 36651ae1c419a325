// Italiano: cosa fa ogni oggetto di Kill Game, quando, con quali limiti (rules/killgame.md §2, §5–§7, §10, §13).
import type { RulesetCards } from '../../cards.js';

const FIREARM = 'Arma da fuoco: ne tieni al massimo una. Si sente nelle zone vicine; non finisce mai i colpi.';
const KNIFE = 'Coltello: ne tieni al massimo uno; senza, tiri pugni (1). Silenzioso.';
const ACTION = 'Fase d’azione: è il tuo attacco di quella fase.';
const BOMB = 'Fase d’azione, dal turno 2: è il tuo attacco di quella fase.';
const TACTIC = 'Fase tattica, dal turno 2.';
const EXPLOSIVE = 'Esplosivo: si compra al negozio o al mercato; si consuma quando lo lanci.';
const WORN = 'Oggetto: si indossa per una fase d’azione, poi è consumato.';
const OPTION = 'Opzione: si compra una volta, solo al negozio del primo turno; mai venduta al mercato.';

const cards: RulesetCards = {
  intro:
    'Una battaglia reale su un’isola. Ogni turno ha una fase tattica (muoversi, curarsi, lanciare fumo o gas, commerciare) e una fase d’azione (sparare, accoltellare, far esplodere, gridare la sfida). Le zone si chiudono una dopo l’altra, i mostri girano e il pubblico premia chi attacca. Vince l’ultimo giocatore, o l’ultima squadra, rimasto in piedi; vince ogni membro della squadra vincitrice, anche i morti. Tutti partono con 25 di energia e con i gettoni per il negozio del primo turno.',
  cards: {
    'sniper-rifle': {
      does: 'Un colpo da 3 danni a un bersaglio nella tua zona.',
      when: ACTION,
      side: FIREARM,
      limits: 'Un giubbotto lo dimezza.',
    },
    'machine-gun': {
      does: 'Due colpi da 2 danni: due bersagli nella tua zona, o uno due volte.',
      when: ACTION,
      side: FIREARM,
      limits: 'Si ricarica: dopo aver sparato salta la fase d’azione seguente. Un giubbotto dimezza ogni colpo.',
    },
    shotgun: {
      does: 'Un colpo da 6 danni a un bersaglio nella tua zona.',
      when: ACTION,
      side: FIREARM,
      limits: 'Si ricarica: dopo aver sparato salta la fase d’azione seguente. Un giubbotto lo dimezza.',
    },
    flamethrower: {
      does: 'Un colpo da 2 a ogni bersaglio che indichi nella tua zona, ognuno al massimo una volta.',
      when: ACTION,
      side: FIREARM,
      limits: 'I giubbotti non servono. Non si ricarica.',
    },
    crossbow: {
      does: 'Un dardo da 2 danni che avvelena: altri 2 in ciascuna delle due fasi d’azione seguenti, se un antidoto non lo cura.',
      when: ACTION,
      side: FIREARM,
      limits: 'I giubbotti non servono. I mostri non si avvelenano; più dardi avvelenano una volta sola.',
    },
    knife: { does: 'Un colpo da 1 danno a un bersaglio nella tua zona.', when: ACTION, side: KNIFE, limits: 'Un giubbotto lo ferma.' },
    'ninja-knife': {
      does: 'Due colpi da 1 danno: due bersagli nella tua zona, o uno due volte.',
      when: ACTION,
      side: KNIFE,
      limits: 'Un giubbotto lo ferma.',
    },
    'rambo-knife': {
      does: 'Un colpo da 3 danni a un bersaglio nella tua zona.',
      when: ACTION,
      side: KNIFE,
      limits: 'Un giubbotto lo ferma.',
    },
    grenade: {
      does: '7 danni a tutti, mostri compresi, in una zona attiva, anche la tua: anche a te e ai tuoi compagni.',
      when: BOMB,
      side: EXPLOSIVE,
      limits:
        'In una fase esplodono solo i primi due esplosivi lanciati su una zona. Non sulla zona centrale se le razioni K sono attive. I giubbotti non servono.',
    },
    c4: {
      does: '9 danni a tutti, mostri compresi, in una zona vicina (mai la tua).',
      when: BOMB,
      side: EXPLOSIVE,
      limits:
        'In una fase esplodono solo i primi due esplosivi lanciati su una zona. Non sulla zona centrale se le razioni K sono attive. I giubbotti non servono.',
    },
    'smoke-grenade': {
      does: 'Riempie di fumo la tua zona o una vicina per questo turno e il seguente: dentro nessuno vede chi c’è, e si attacca una «presenza».',
      when: `${TACTIC} Arriva prima degli spostamenti.`,
      side: EXPLOSIVE,
      limits: 'Nessun danno. Un secondo fumogeno sulla stessa zona allunga la nube.',
    },
    'gas-canister': {
      does: 'Riempie di gas la tua zona o una vicina per tre turni: chi è lì senza maschera antigas, mostri compresi, perde 3 di energia in ogni fase d’azione.',
      when: TACTIC,
      side: EXPLOSIVE,
      limits: 'Non sulla zona centrale se le razioni K sono attive. Mai raddoppiato; giubbotti e amuleti non servono.',
    },
    medikit: {
      does: 'Cura il 40 % dell’energia che manca (fino a 25): la tua, o quella di un giocatore che era nella tua zona nell’ultima fase d’azione.',
      when: 'Fase tattica, ogni turno; anche più d’uno per fase.',
      side: 'Oggetto: si consuma.',
      limits: 'Se la tua zona era nel fumo, solo su di te. Non su altri nel turno 1.',
    },
    vest: {
      does: 'Coltelli e pugni non ti fanno nulla; fucile da cecchino, mitragliatore e fucile a pompa fanno metà danno.',
      when: 'Fase d’azione, uno per fase.',
      side: WORN,
      limits: 'Non serve contro esplosivi, lanciafiamme, balestra, gas o mostri.',
    },
    'gas-mask': { does: 'Nessun danno da gas in questa fase d’azione.', when: 'Fase d’azione.', side: WORN },
    antidote: {
      does: 'Ferma il tuo avvelenamento prima del prossimo danno da veleno; l’energia già persa resta persa.',
      when: 'Fase tattica, ogni turno.',
      side: 'Oggetto: si consuma.',
      limits: 'Solo se sei avvelenato.',
    },
    amulet: { does: 'I mostri non ti vedono in questa fase d’azione.', when: 'Fase d’azione.', side: WORN },
    'k-ration': {
      does: 'Cibo: alla fine di ogni fase d’azione ne mangi una; senza, perdi 2 di energia.',
      when: 'Si mangia da sola, a ogni fase d’azione.',
      side: 'Oggetto: solo con le razioni K attive; all’inizio tutti ne ricevono 5 gratis.',
      limits: 'Nella zona centrale ne trovi 3, ma puoi restarci solo una fase d’azione alla volta.',
    },
    'gas-launcher': {
      does: 'Le tue bombolette di gas possono raggiungere qualsiasi zona attiva, non solo la tua o una vicina.',
      when: 'Sempre, una volta comprato.',
      side: OPTION,
    },
    'reinforced-vests': {
      does: 'Ogni tuo giubbotto, comprato o vinto, ferma del tutto i colpi delle armi da fuoco.',
      when: 'Sempre, una volta comprati.',
      side: OPTION,
    },
  },
};

export default cards;
