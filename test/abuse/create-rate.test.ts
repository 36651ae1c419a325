// Issue 41: creation has a rate for every address together as well as one per address, so that a flood
// from many addresses is also cut off: 429 create-limited with Retry-After, and nothing is created.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handClock } from '../setup/clock.js';
import { client } from '../setup/stack.js';
import { postFrom, snapshotStack, type Snapshotting } from './helpers.js';

const PER_ADDRESS = 10;
const ALL = 25;
// A hand clock: the hour's window never turns during the test.
const clock = handClock(Date.parse('2031-07-02T20:10:00Z'));
let env: Snapshotting;

beforeAll(async () => {
  env = await snapshotStack({ clock, createPerHour: PER_ADDRESS, createPerHourAll: ALL });
});
afterAll(async () => env?.stack.stop());

describe('issue 41: a global create rate', () => {
  it(`${PER_ADDRESS} creates an hour from one address, ${ALL} from all together: past them 429 create-limited with Retry-After, and no match is made`, async () => {
    const create = (address: string, name: string) => postFrom(env.stack.url, address, '/api/matches', { ruleset: 'lupus', name });
    const own = [];
    for (let i = 0; i <= PER_ADDRESS; i++) own.push(await create('127.0.8.200', `Own ${i}`));
    expect(own.map((a) => a.status)).toEqual([...Array(PER_ADDRESS).fill(201), 429]);
    // Twelve other addresses, each under its own limit, share what is left of the hour's rate.
    const flood = [];
    for (let i = 0; i < ALL - PER_ADDRESS + 5; i++) flood.push(await create(`127.0.8.${(i % 12) + 1}`, `Rate ${i}`));
    expect(flood.slice(0, ALL - PER_ADDRESS).map((a) => a.status)).toEqual(Array(ALL - PER_ADDRESS).fill(201));
    for (const refused of [own[PER_ADDRESS]!, ...flood.slice(ALL - PER_ADDRESS)]) {
      expect(refused.status).toBe(429);
      expect(refused.body.error.code).toBe('create-limited');
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    }
    const listed = (await client(env.stack.url).get('/api/matches')).body.matches as Array<{ name: string }>;
    expect(listed.length).toBe(ALL);
  });
});
