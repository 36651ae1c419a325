// Italian: the display names of game things (roles, teams, items, stats, modes) in this language, by
// ruleset; the games' own names are texts/names.ts. Mafia's items, sets and rarities come from its catalog.
import type { NameTexts } from '../types.js';

const names: NameTexts = {
  lupus: {},
  killgame: {},
  mafia: {
    town: 'Città',
    bandits: 'Banditi',
    bandit: 'Bandito',
    townsperson: 'Cittadino',
    boss: 'Boss',
    blocker: 'Bloccatore',
    poisoner: 'Avvelenatore',
    curser: 'Maledicente',
    invisible: 'Invisibile',
    archaeologist: 'Archeologo',
    blacksmith: 'Fabbro',
    guard: 'Guardia',
    mage: 'Mago',
    'vote-strength': 'Forza del voto',
    'death-avoid': 'Schivare la morte',
    'theft-avoid': 'Evitare il furto',
    luck: 'Fortuna',
    curse: 'Maledizione',
    blessing: 'Benedizione',
    'find-bonus': 'Bonus di ricerca',
    'theft-bonus': 'Bonus di furto',
    find: 'Ricerca',
    theft: 'Furto',
    werewolf: 'Lupo mannaro',
    named: 'Nominato',
    thing: 'Oggetto',
    relic: 'Reliquia',
    rare: 'Rarità',
    artifact: 'Artefatto',
    legendary: 'Artefatto leggendario',
  },
};

export default names;
