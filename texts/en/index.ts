// English: this language's folder of texts, one file per part (texts/langs.ts names the language).
import type { LangTexts } from '../types.js';
import cards from './cards/index.js';
import common from './common.js';
import killgame from './killgame.js';
import lupus from './lupus.js';
import mafia from './mafia.js';
import names from './names.js';
import posts from './posts.js';

export default { common, lupus, killgame, mafia, posts, names, cards } satisfies LangTexts;
