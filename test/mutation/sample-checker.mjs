// StrykerJS checker of a sampled run (stryker.sample.config.mjs): the ignorer (sample-ignorer.mjs) keeps
// StrykerJS to the picked mutants' nodes, but the other mutants of such a node (`a === b` also gives `true`,
// `false` and `a !== b`) would still be tested. This passes the picked mutants and turns the others away
// before any test runs: they are reported CompileError "not in the sample", which no score counts and the
// live file does not hold. A resumed run (`--resume`, run.ts) also turns away the picks an earlier run tested.
import { existsSync, readFileSync } from 'node:fs';
import { CheckStatus } from '@stryker-mutator/api/check';
import { declareClassPlugin, PluginKind } from '@stryker-mutator/api/plugin';
import { NOT_PICKED, TESTED_BEFORE } from './sample-reasons.mjs';

// A timeout is tested again: on the stack tests it is most often a survivor that ran past its time (run the
// resumed sample with a longer --timeoutMS).
const VERDICTS = new Set(['Killed', 'Survived', 'NoCoverage']);
const same = (a, b) => a.line === b.line && a.column === b.column;
// A mutant names its file by an absolute path (of the project or of the sandbox), a pick relative to the project.
const inFile = (m, file) => m.fileName.replaceAll('\\', '/').endsWith(`/${file}`);
// StrykerJS's mutants and the instrumenter's picks place a mutant by 0-based lines and columns; the live
// file's lines, as StrykerJS's reports, by 1-based ones.
const fromReport = ({ start, end }) => ({
  start: { line: start.line - 1, column: start.column - 1 },
  end: { line: end.line - 1, column: end.column - 1 },
});
const at = (m, mutator, replacement, location) =>
  m.mutatorName === mutator &&
  m.replacement === replacement &&
  same(m.location.start, location.start) &&
  same(m.location.end, location.end);

class SampleChecker {
  picked = [];
  earlier = [];

  async init() {
    ({ picked: this.picked } = JSON.parse(readFileSync(process.env.DUSK_MUTATION_SAMPLE, 'utf8')));
    const live = process.env.DUSK_MUTATION_LIVE;
    if (process.env.DUSK_MUTATION_RESUME && live && existsSync(live)) {
      this.earlier = readFileSync(live, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
        .filter((r) => VERDICTS.has(r.status));
    }
  }

  async check(mutants) {
    const picked = (m) => this.picked.some((p) => inFile(m, p.file) && at(m, p.mutator, p.replacement, p.location));
    const testedBefore = (m) => this.earlier.some((r) => inFile(m, r.file) && at(m, r.mutatorName, r.replacement, fromReport(r.location)));
    return Object.fromEntries(
      mutants.map((m) => [
        m.id,
        !picked(m)
          ? { status: CheckStatus.CompileError, reason: NOT_PICKED }
          : testedBefore(m)
            ? { status: CheckStatus.CompileError, reason: TESTED_BEFORE }
            : { status: CheckStatus.Passed },
      ]),
    );
  }
}

export const strykerPlugins = [declareClassPlugin(PluginKind.Checker, 'sample', SampleChecker)];
