// `tsx test/load/run.ts [--seconds 60] [--matches 20] [--players 10] [--phase-seconds 10] [--think 300-2000] [--json path]`
// Starts its own local stack (DynamoDB Local in memory), runs the load, prints the figures and the
// count, writes them as JSON (default .data/load/latest.json) and exits 1 if a guarantee broke.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { startLocalStack } from '../../functions/local/stack.js';
import { runLoad, type LoadReport } from './load.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    matches: { type: 'string', default: '20' },
    players: { type: 'string', default: '10' },
    'phase-seconds': { type: 'string', default: '10' },
    think: { type: 'string', default: '300-2000' },
    rulesets: { type: 'string', default: '' },
    json: { type: 'string', default: '.data/load/latest.json' },
  },
});

const [thinkMin, thinkMax] = values.think.split('-').map(Number) as [number, number];
const log = (line: string) => console.log(`[load] ${line}`);

const stack = await startLocalStack({
  phaseSeconds: Number(values['phase-seconds']),
  sweepEveryMs: 1000,
  ratePerMinute: 0,
  webDir: '/nonexistent',
});
let report: LoadReport;
try {
  log(`stack on ${stack.url}, phases of ${values['phase-seconds']} s, ${values.seconds} s of load`);
  report = await runLoad(stack, {
    seconds: Number(values.seconds),
    matches: Number(values.matches),
    playersPerMatch: Number(values.players),
    thinkMs: [thinkMin, thinkMax],
    ...(values.rulesets ? { rulesets: values.rulesets.split(',') } : {}),
    log,
  });
} finally {
  await stack.stop();
}

const l = (x: { p50: number; p95: number; p99: number; max: number }) =>
  `p50 ${x.p50} ms, p95 ${x.p95} ms, p99 ${x.p99} ms, max ${x.max} ms`;
console.log('');
console.log(
  `machine            ${report.machine.cpus} CPUs, load average ${report.machine.loadavgBefore.join(' ')} → ${report.machine.loadavgAfter.join(' ')}`,
);
console.log(`players            ${report.players} in ${report.matches} matches ${JSON.stringify(report.byRuleset)}, ${report.seconds} s`);
console.log(
  `requests           ${report.requests} (${(report.requests / report.seconds).toFixed(1)}/s), server errors ${report.serverErrors}`,
);
console.log(
  `submissions        ${report.submissions.accepted} accepted (${report.submissions.perSecond}/s); refused ${JSON.stringify(report.submissions.refused)}`,
);
console.log(`  latency          ${l(report.submissions.latencyMs)}`);
console.log(
  `withdrawals        ${report.withdrawals.accepted} accepted, ${report.withdrawals.cascaded} withdrawn along with another write of the player (KG-4.2); ${l(report.withdrawals.latencyMs)}`,
);
console.log(`reads (actions)    ${report.reads.count}; ${l(report.reads.latencyMs)}`);
console.log(
  `stored actions     ${report.stored.actions}; own slots checked ${report.stored.checkedSlots}: lost ${report.stored.lost.length}, phantom ${report.stored.phantom.length}, duplicated ${report.stored.duplicated.length}, stale ${report.stored.stale.length}`,
);
console.log(
  `phases             ${report.phases.resolved} resolved, ${report.phases.closeCommits} close commits, ${report.phases.audited} audited, ${report.phases.auditDifferences.length} differ`,
);
console.log(
  report.violations.length === 0
    ? 'PASS: every accepted action stored exactly once, every phase resolved exactly once'
    : `FAIL:\n  ${report.violations.join('\n  ')}`,
);
const { lost, phantom, duplicated, stale } = report.stored;
for (const [name, list] of Object.entries({ lost, phantom, duplicated, stale, differ: report.phases.auditDifferences }))
  for (const line of list.slice(0, 10)) console.log(`  ${name}: ${line}`);

mkdirSync(dirname(values.json), { recursive: true });
writeFileSync(values.json, `${JSON.stringify(report, null, 2)}\n`);
console.log(`written to ${values.json}`);
process.exit(report.violations.length === 0 ? 0 : 1);
