// What a scenario needs from a running match, in-process or through the API.
import type { Facts, GameEvent } from '../../engine/core/types.js';
import type { Scenario, ScenarioAction } from './scenario.js';

export type ActResult = { ok: true } | { ok: false; reason: string; message: string };

export interface Driver {
  start(scenario: Scenario): Promise<void>;
  phase(): Promise<string | null>;
  act(action: ScenarioAction): Promise<ActResult>;
  /** Closes `phase` as the resolver would, unless it already closed (everyone checked). */
  close(phase: string): Promise<void>;
  /** Every event the phase produced (start, submissions, close). */
  events(phase: string): Promise<GameEvent[]>;
  facts(): Promise<Facts & { winner: string | null }>;
  /** What one player sees: his view and every event he can read. */
  sees(player: string): Promise<unknown>;
  stop(): Promise<void>;
}
