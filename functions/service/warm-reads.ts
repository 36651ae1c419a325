// What a submission read last time, kept per process (issue 17, target 1): META, the player's record
// and his slots, as this process last read or wrote them. A warm submission validates on these and
// makes one round trip: its write conditions on every one of them (SlotWrite.read), and a refusal or
// a failed condition reads everything afresh before it answers (functions/service/submission.ts).
import type { OwnSlots, MatchMeta, PlayerRecord } from '../records.js';
import { Recent } from './recent.js';

const seatKey = (matchId: string, playerId: string) => `${matchId}\u0000${playerId}`;
const slotsKey = (matchId: string, phase: string, owner: string) => `${matchId}\u0000${phase}\u0000${owner}`;

export interface WarmReads {
  meta: MatchMeta;
  player: PlayerRecord;
  /** Each owner's slots as last known at `meta`'s version, or null when one is not known. */
  slotsOf(owners: string[]): OwnSlots[] | null;
}

/** One process's kept reads (one per store: two local stacks on one table are two processes). */
export class KeptReads {
  private readonly metas = new Recent<MatchMeta>(500);
  private readonly seats = new Recent<PlayerRecord>(5_000);
  /** An owner's slots, valid while META is at `metaVersion`: META's writers (a removal, a rollback) change slots without moving their version. */
  private readonly slots = new Recent<{ metaVersion: number; slots: OwnSlots }>(10_000);

  of(matchId: string, playerId: string): WarmReads | null {
    const meta = this.metas.get(matchId);
    const player = this.seats.get(seatKey(matchId, playerId));
    if (!meta || !player) return null;
    const slots = this.slots;
    return {
      meta,
      player,
      slotsOf(owners) {
        if (meta.phase === null) return null;
        const out: OwnSlots[] = [];
        for (const owner of owners) {
          const known = slots.get(slotsKey(matchId, meta.phase, owner));
          if (!known || known.metaVersion !== meta.version) return null;
          out.push(known.slots);
        }
        return out;
      },
    };
  }

  /** What a submission read, or what its write left: the next submission of this player starts from it. */
  remember(meta: MatchMeta, player: PlayerRecord, owned: OwnSlots[]): void {
    this.metas.set(meta.id, meta);
    this.seats.set(seatKey(meta.id, player.id), player);
    if (meta.phase === null) return;
    for (const s of owned) this.slots.set(slotsKey(meta.id, meta.phase, s.owner), { metaVersion: meta.version, slots: s });
  }

  /** Forgets what a refused write was based on. */
  forget(matchId: string, playerId: string): void {
    this.metas.delete(matchId);
    this.seats.delete(seatKey(matchId, playerId));
  }
}

const kept = new WeakMap<object, KeptReads>();

/** The kept reads of the process that holds `store`. */
export function keptReads(store: object): KeptReads {
  let k = kept.get(store);
  if (!k) kept.set(store, (k = new KeptReads()));
  return k;
}
