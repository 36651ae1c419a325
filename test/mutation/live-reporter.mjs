// StrykerJS reporter of the runs of functions/ (stryker.service.config.mjs): one line per tested mutant, as it
// is tested, in the file DUSK_MUTATION_LIVE names. A run of the stack-tested files can take hours,
// and StrykerJS writes its own results only at the end; a run stopped early still says what it measured.
import { appendFileSync } from 'node:fs';
import { relative } from 'node:path';
import { declareFactoryPlugin, PluginKind } from '@stryker-mutator/api/plugin';
import { TURNED_AWAY } from './sample-reasons.mjs';

const live = () => ({
  onMutantTested(result) {
    const out = process.env.DUSK_MUTATION_LIVE;
    if (!out) return;
    const { mutatorName, replacement, status, location, killedBy } = result;
    // No verdict, nothing to keep: a node the sample's ignorer left out, a mutant its checker turned away.
    if (status === 'Ignored' || (status === 'CompileError' && TURNED_AWAY.has(result.statusReason))) return;
    appendFileSync(
      out,
      `${JSON.stringify({ file: relative(process.cwd(), result.fileName), mutatorName, replacement, status, location, killedBy })}\n`,
    );
  },
});

export const strykerPlugins = [declareFactoryPlugin(PluginKind.Reporter, 'live', live)];
