// English: this language's folder of texts, one file per part (texts/langs.ts names the language).
import type { LangTexts } from '../types.js';
import common from './common.js';
import killgame from './killgame.js';
import lupus from './lupus.js';
import mafia from './mafia.js';

export default { common, lupus, killgame, mafia } satisfies LangTexts;
