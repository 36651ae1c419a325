// The service's one error type (functions/service/errors.ts): a refusal with a stable reason id, the
// message a person reads and the numbers it names; the API maps the reason to a status
// (functions/api/status.ts). Pure: no store involved.
import { describe, expect, it } from 'vitest';
import { Refusal } from '../../engine/core/types.js';
import { DomainError, notFound, refusal } from '../../functions/service/errors.js';

describe('refusals', () => {
  it('a refusal carries its reason, its message and its numbers, and is a Refusal and an Error named DomainError', () => {
    const r = refusal('too-late', 'The phase closed 3 minutes ago.', { minutes: 3, phase: 'day-1' });
    expect(r).toBeInstanceOf(DomainError);
    expect(r).toBeInstanceOf(Refusal);
    expect(r).toBeInstanceOf(Error);
    expect(r.name).toBe('DomainError');
    expect(r.reason).toBe('too-late');
    expect(r.message).toBe('The phase closed 3 minutes ago.');
    expect(r.params).toEqual({ minutes: 3, phase: 'day-1' });
    expect(String(r)).toBe('DomainError: The phase closed 3 minutes ago.');
  });

  it('a refusal without numbers has none', () => {
    const r = refusal('match-over', 'The match has ended.');
    expect(r.params).toBeUndefined();
    expect([r.reason, r.message]).toEqual(['match-over', 'The match has ended.']);
  });

  it('what is not found is named in the message, with one reason for all', () => {
    for (const what of ['Match', 'Player', 'Delivery']) {
      const r = notFound(what);
      expect(r).toBeInstanceOf(DomainError);
      expect([r.name, r.reason, r.message, r.params]).toEqual(['DomainError', 'not-found', `${what} not found.`, undefined]);
    }
  });
});
