// `npm run scenario -- [--via-api] <file-or-folder>...`: one line per scenario, then `N passed, M failed`.
import { parseArgs } from 'node:util';
import { startLocalStack, type LocalStack } from '../../functions/local/stack.js';
import { ApiDriver } from './via-api.js';
import { InProcessDriver } from './in-process.js';
import { runScenario } from './run.js';
import { loadScenario, scenarioFiles } from './scenario.js';

const { values, positionals } = parseArgs({ options: { 'via-api': { type: 'boolean', default: false } }, allowPositionals: true });
if (positionals.length === 0) {
  console.error('usage: npm run scenario -- [--via-api] <file-or-folder>...');
  process.exit(2);
}

let stack: LocalStack | null = null;
let base = process.env.DUSK_API;
if (values['via-api'] && !base) {
  stack = await startLocalStack({ sweepEveryMs: 60_000 });
  base = stack.url;
}

let passed = 0;
let failed = 0;
for (const file of scenarioFiles(positionals)) {
  let line: string;
  try {
    const scenario = loadScenario(file);
    const driver = values['via-api'] ? new ApiDriver(base!) : new InProcessDriver();
    const result = await runScenario(driver, scenario);
    await driver.stop();
    line = result.ok ? `ok   ${file}` : `FAIL ${file}: ${result.failure}`;
    if (result.ok) passed++;
    else failed++;
  } catch (error) {
    failed++;
    line = `FAIL ${file}: ${(error as Error).message}`;
  }
  console.log(line);
}
await stack?.stop();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
