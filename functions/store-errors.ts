// The store's refusals: a conditional write whose condition no longer holds, and a page key it did not give.

/** Thrown by the store when a condition fails (the phase closed, someone else moved META...). */
export class ConditionFailed extends Error {
  override readonly name = 'ConditionFailed';
  /**
   * `slots` when only the slot versions a submission read had moved on (another of its owner's
   * submissions came first: read again and retry); otherwise META or the player's record refused it.
   */
  constructor(
    message: string,
    readonly on: 'slots' | 'match' = 'match',
  ) {
    super(message);
  }
}

/** Thrown by the store when a page's `after` is not a key of the list asked for (a forged or foreign cursor). */
export class ForeignPageKey extends Error {
  override readonly name = 'ForeignPageKey';
}
