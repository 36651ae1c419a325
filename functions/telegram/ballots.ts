// Whether a committed event is a public ballot (cast or withdrawn): the open day's count changed.
import { canRead, type StoredEvent } from '../../engine/core/events.js';

export const isPublicBallotEvent = (e: StoredEvent): boolean =>
  (e.event.kind === 'vote-cast' || e.event.kind === 'vote-withdrawn') && canRead(e, { as: 'public' });
