// The Notifier port over fetch (Node 20+), for both stacks: one JSON POST per webhook delivery, bounded in time, no redirects.
import type { Notifier } from '../ports.js';

export class HttpNotifier implements Notifier {
  constructor(private readonly timeoutMs = 5_000) {}

  async post(url: string, body: string, headers: Record<string, string>): Promise<{ status: number }> {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'dusk-webhooks/1', ...headers },
      body,
      // A redirect could point anywhere: a delivery goes to the URL the GM gave, or fails.
      redirect: 'manual',
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    // The answer is not read beyond its status; release the connection.
    await response.body?.cancel().catch(() => undefined);
    return { status: response.status };
  }
}
