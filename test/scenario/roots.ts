// Where the conformance scenarios are read from: DUSK_SCENARIOS when set, else ../shared/scenarios
// beside the repository (the public examples and any held-out ones laid there), else the repository's
// own copy of the public examples (test/scenarios/public), saying so, as on a plain clone.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const REPO = resolve(import.meta.dirname, '../..');
export const PUBLIC_COPY = resolve(REPO, 'test/scenarios/public');
export const SHARED_SCENARIOS = resolve(REPO, '../shared/scenarios');

let said = false;

export function scenarioRoot(): string {
  if (process.env.DUSK_SCENARIOS) return resolve(process.env.DUSK_SCENARIOS);
  if (existsSync(SHARED_SCENARIOS)) return SHARED_SCENARIOS;
  if (!said)
    console.log(
      `scenarios: ${SHARED_SCENARIOS} is absent, so only the repository's copy of the public examples is played (${PUBLIC_COPY})`,
    );
  said = true;
  return PUBLIC_COPY;
}
