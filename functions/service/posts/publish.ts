// The published site's posts: matches/<id>/phases/<phase>.<lang>.<bbcode|md>, next to the phase's JSON.
import type { Ports } from '../../ports.js';
import type { MatchMeta } from '../../records.js';
import type { Loaded } from '../context.js';
import { telemetryOf } from '../telemetry.js';
import { isClosed, phasePostInput, renderer } from './load.js';
import type { Dialect } from './markup.js';
import { LANGS } from '../../../texts/langs.js';

/** The dialects published as files (the others are written on request): phpBB's BBCode and Discourse's Markdown. */
export const EXTENSION: Partial<Record<Dialect, string>> = { phpbb: 'bbcode', discourse: 'md' };

/**
 * Writes the posts of the closed phases among `phases`, and of the phase before the open one (its
 * "next deadline" line follows a pause, a resume or an extension), each once. The phase before the open one
 * speaks of the deadline as it stands; an earlier one as it stood when it finished, where `finishedAt` has
 * that META (the stream's consumer: what it writes then does not depend on how the batches fell). Never
 * fails the publication.
 */
export async function publishPosts(
  ports: Ports,
  loaded: Loaded,
  phases: string[],
  finishedAt?: ReadonlyMap<string, MatchMeta>,
): Promise<void> {
  const { meta } = loaded;
  const open = meta.phase !== null && meta.status !== 'ended' ? meta.history.indexOf(meta.phase) : -1;
  const before = open > 0 ? meta.history[open - 1] : undefined;
  const closed = [...new Set([...phases, ...(before ? [before] : [])])].filter((p) => isClosed(loaded, p));
  try {
    for (const phase of closed) {
      const then = phase === before ? undefined : finishedAt?.get(phase);
      const input = await phasePostInput(ports, then ? { ...loaded, meta: then } : loaded, phase, ports.siteUrl);
      const { phasePost } = await renderer();
      for (const lang of LANGS) {
        for (const [format, ext] of Object.entries(EXTENSION) as Array<[Dialect, string]>) {
          await ports.publisher.put(`matches/${meta.id}/phases/${phase}.${lang}.${ext}`, phasePost(input, { lang, format }));
        }
      }
    }
  } catch (error) {
    telemetryOf(ports).log('error', 'forum posts not published', { matchId: meta.id, error: String(error) });
  }
}
