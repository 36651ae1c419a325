// axe-core in the real page: the violations of the given impacts, as `rule: selector, …`.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export async function axeViolations(page: Page, impacts = ['minor', 'moderate', 'serious', 'critical']): Promise<string[]> {
  // page.evaluate is not bound by the page's CSP (script-src 'self'), which an injected <script> is.
  await page.evaluate(await readFile(axePath, 'utf8'));
  const found = await page.evaluate(async () => {
    const result = await (window as any).axe.run(document, { resultTypes: ['violations'] });
    return {
      passed: result.passes.length as number,
      violations: result.violations.map((v: any) => ({
        id: v.id,
        impact: v.impact,
        nodes: v.nodes.map((n: any) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`.slice(0, 300)),
      })),
    };
  });
  // axe did run its rules on this page.
  expect(found.passed).toBeGreaterThan(15);
  return (found.violations as Array<{ id: string; impact: string; nodes: string[] }>)
    .filter((v) => impacts.includes(v.impact))
    .map((v) => `${v.id}: ${v.nodes.join(' | ')}`);
}
