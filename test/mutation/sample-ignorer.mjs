// StrykerJS ignore plugin for a sampled run (test/mutation/sample.ts, stryker.sample.config.mjs): the mutate
// ranges are the picked mutants' own spans, and this ignores every node inside such a span that is not
// itself a picked mutant's node (nor holds one), so the mutants nested in a picked one are not run.
import { readFileSync } from 'node:fs';
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';

const { picked } = JSON.parse(readFileSync(process.env.DUSK_MUTATION_SAMPLE, 'utf8'));
// Babel's lines are 1-based, the instrumenter's 0-based; columns are 0-based in both.
const span = (l) => ({ start: { line: l.start.line - 1, column: l.start.column }, end: { line: l.end.line - 1, column: l.end.column } });
const before = (a, b) => a.line < b.line || (a.line === b.line && a.column <= b.column);
const within = (inner, outer) => before(outer.start, inner.start) && before(inner.end, outer.end);

// The picks of one file, found once per file rather than at every node of it.
const byFile = new Map();
const pickedIn = (file) => {
  if (!byFile.has(file))
    byFile.set(
      file,
      picked.filter((m) => !file || file.endsWith(m.file)),
    );
  return byFile.get(file);
};

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'sample', {
    shouldIgnore(path) {
      const loc = path.node.loc;
      const file = path.hub?.file?.opts?.filename;
      if (!loc) return undefined;
      const node = span(loc);
      const mine = pickedIn(file);
      if (!mine.some((m) => within(node, m.location))) return undefined;
      if (mine.some((m) => within(m.location, node))) return undefined;
      return 'not in the sample';
    },
  }),
];
