// What a service call was refused with: its reason id and message, or null when it was not refused.
import { DomainError } from '../../functions/service/errors.js';

export async function refusalOf(answer: Promise<unknown>): Promise<{ reason: string; message: string } | null> {
  try {
    await answer;
  } catch (error) {
    if (error instanceof DomainError) return { reason: error.reason, message: error.message };
    throw error;
  }
  return null;
}
