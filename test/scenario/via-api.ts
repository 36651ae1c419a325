// Runs a scenario through the real HTTP API: each player with his own token, each phase closed by the resolver.
import type { GameEvent } from '../../engine/core/types.js';
import type { ActResult, Driver } from './driver.js';
import { splitPlayer, type Scenario, type ScenarioAction } from './scenario.js';

interface Answer {
  status: number;
  body: any;
}

export class ApiDriver implements Driver {
  private matchId = '';
  private gmToken = '';
  private tokens = new Map<string, string>();

  constructor(private readonly base: string) {}

  private async call(method: string, path: string, body?: unknown, token?: string): Promise<Answer> {
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }

  private async ok(method: string, path: string, body?: unknown, token?: string): Promise<any> {
    const answer = await this.call(method, path, body, token);
    if (answer.status >= 300) throw new Error(`${method} ${path} → ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  }

  async start(scenario: Scenario) {
    const created = await this.ok('POST', '/api/matches', {
      ruleset: scenario.ruleset,
      name: scenario.name.slice(0, 80),
      settings: scenario.settings,
      sandbox: true,
    });
    this.matchId = created.matchId;
    this.gmToken = created.gmToken;
    const rulesets = await this.ok('GET', '/api/rulesets');
    const info = rulesets.rulesets.find((r: { id: string }) => r.id === scenario.ruleset);
    const optionKeys = Object.keys(info?.options?.properties ?? {});
    const fixedPlayers: Record<string, Record<string, unknown>> = {};
    for (const player of scenario.players) {
      const { fixed, options } = splitPlayer(player, optionKeys);
      const joined = await this.ok('POST', `/api/matches/${this.matchId}/players`, {
        name: player.name,
        playerId: player.id,
        ...(Object.keys(options).length ? { options } : {}),
      });
      this.tokens.set(player.id, joined.token);
      fixedPlayers[player.id] = fixed;
    }
    await this.ok(
      'POST',
      `/api/matches/${this.matchId}/start`,
      { seed: scenario.seed, dice: scenario.dice, players: fixedPlayers, setup: scenario.setup },
      this.gmToken,
    );
  }

  async phase() {
    const summary = await this.ok('GET', `/api/matches/${this.matchId}`);
    return summary.phase as string | null;
  }

  async act(action: ScenarioAction): Promise<ActResult> {
    const { player, reject: _reject, ...input } = action;
    const token = this.tokens.get(player);
    if (!token) throw new Error(`no player "${player}" in the scenario`);
    const base = `/api/matches/${this.matchId}`;
    // Every request carries the phase it is meant for (decision 6), as the page does.
    const phase = await this.phase();
    const guard = phase === null ? {} : { phase };
    let answer: Answer;
    if (input.type === 'check') answer = await this.call('POST', `${base}/me/check`, guard, token);
    else if (input.type === 'withdraw') {
      const q = phase === null ? '' : `?phase=${encodeURIComponent(phase)}`;
      answer = await this.call('DELETE', `${base}/me/actions/${encodeURIComponent(String(input.slot ?? ''))}${q}`, undefined, token);
    } else if (input.type === 'post') {
      answer = await this.call(
        'POST',
        `${base}/channels/${encodeURIComponent(String(input.channel ?? ''))}/messages`,
        { text: input.text ?? '', ...guard },
        token,
      );
    } else answer = await this.call('POST', `${base}/me/actions`, { ...input, ...guard }, token);
    if (answer.status < 300) return { ok: true };
    return { ok: false, reason: answer.body?.error?.code ?? `http-${answer.status}`, message: answer.body?.error?.message ?? '' };
  }

  async close(phase: string) {
    const answer = await this.call('POST', `/api/matches/${this.matchId}/resolve`, { phase }, this.gmToken);
    if (answer.status >= 300 && !(answer.status === 409 && ['wrong-phase', 'match-over'].includes(answer.body?.error?.code))) {
      throw new Error(`resolve ${phase} → ${answer.status} ${JSON.stringify(answer.body)}`);
    }
  }

  private async gm() {
    return this.ok('GET', `/api/matches/${this.matchId}/gm`, undefined, this.gmToken);
  }

  async events(phase: string) {
    const gm = await this.gm();
    return (gm.events as Array<GameEvent & { phase: string }>)
      .filter((e) => e.phase === phase)
      .map(({ phase: _phase, ...event }) => event as GameEvent);
  }

  async facts() {
    const gm = await this.gm();
    return { ...gm.facts, winner: gm.match.winner ?? null };
  }

  async sees(player: string) {
    const me = await this.ok('GET', `/api/matches/${this.matchId}/me`, undefined, this.tokens.get(player));
    return { view: me.view, events: me.events.map(({ phase: _phase, ...event }: { phase: string }) => event) };
  }

  async stop() {}
}
