// A match's log writes from this process, sent one behind another. Each write takes the log's next position
// (the CURSOR item moves from n to n + 1 in its transaction), so positions commit in order whatever happens.
// Racing each other for it, a player's vote could lose to a burst of another's re-votes dozens of times in a
// row (issue 47, `ballotBurst`); waiting for each other's answers, the vote still waited a whole round trip for
// the re-vote ahead of it. So a write takes the position after the last one this process *sent*, and is sent
// at once: the store serves it right behind the one ahead. If a write ahead does not commit, the ones sent
// behind it fail their CURSOR condition (nothing of theirs is written) and try again behind what has settled.
import { inTurn } from '../../turns.js';

interface Chain {
  /** The position the last write sent will take, or null: unknown until everything sent has settled. */
  tail: number | null;
  /** Settles when every write sent so far has. */
  settled: Promise<void>;
  /** Writes sent and not settled. */
  unsettled: number;
}

export interface Sent {
  /** The head the write counted on (its CURSOR condition) and the position it takes. */
  last: number;
  n: number;
  sending: Promise<unknown>;
  /** It was sent while writes ahead of it had not settled. */
  behind: boolean;
}

export class LogChains {
  private readonly chains = new Map<string, Chain>();

  /** `head` reads the match's committed head when the chain does not know it. */
  constructor(private readonly head: (matchId: string) => Promise<number>) {}

  /** Sends `write` at the position after every write this process has sent to the match's log, in the order asked. */
  send(matchId: string, write: (last: number) => Promise<unknown>): Promise<Sent> {
    return inTurn(this, matchId, async () => {
      let chain = this.chains.get(matchId);
      if (!chain) this.chains.set(matchId, (chain = { tail: null, settled: Promise.resolve(), unsettled: 0 }));
      let last = chain.tail;
      if (last === null) {
        await chain.settled;
        last = await this.head(matchId);
      }
      const behind = chain.unsettled > 0;
      const sending = write(last);
      chain.tail = last + 1;
      chain.unsettled++;
      const done = sending.then(
        () => undefined,
        () => undefined,
      );
      const mine = chain;
      void done.then(() => mine.unsettled--);
      chain.settled = chain.settled.then(() => done);
      return { last, n: last + 1, sending, behind };
    });
  }

  /** A write sent on the match's chain failed: the writes behind it counted on its position. */
  broken(matchId: string): void {
    const chain = this.chains.get(matchId);
    if (chain) chain.tail = null;
  }
}
