// This language's role, specialty and item cards, one file per ruleset.
import type { LangCards } from '../../cards.js';
import killgame from './killgame.js';
import lupus from './lupus.js';
import mafia from './mafia.js';

export default { lupus, mafia, killgame } satisfies LangCards;
