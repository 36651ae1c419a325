// Kill Game has no public vote (its spec names none): no phase of it has a vote board.
import type { Tally } from '../../core/types.js';

export const tally = (): Tally | null => null;
