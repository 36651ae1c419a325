// A clock the test moves by hand, for the stack's `clock` option: deadlines, leases, reminders and
// backoff pass when the test says (`clock.t += LEASE_MS + 1`), and two runs can see the same instants.

export interface HandClock {
  /** The instant now() answers, in ms since the epoch; the test sets or advances it. */
  t: number;
  now(): number;
}

export function handClock(t = Date.now()): HandClock {
  return {
    t,
    now() {
      return this.t;
    },
  };
}
