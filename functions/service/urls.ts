// The URLs a caller gives us (webhooks, Discourse forums, push endpoints): parsed, refused when they
// carry anything the URL parser would silently drop (line breaks, tabs, spaces, controls), and stored
// as the parser writes them, so what is stored is exactly where a delivery goes.
import * as z from 'zod';

const UNSEEN = /[\s\p{Cc}\p{Cf}]/u;

/** An http(s) URL (only `https:` when `httpsOnly`), without credentials, at most `max` long, normalised. */
export const callerUrl = (max: number, httpsOnly = false) =>
  z
    .string()
    .min(1)
    .max(max)
    .refine((s) => !UNSEEN.test(s), 'a URL has no spaces, line breaks or control characters')
    .refine(
      (raw) => {
        const u = URL.parse(raw);
        const schemeOk = u !== null && (u.protocol === 'https:' || (!httpsOnly && u.protocol === 'http:'));
        return schemeOk && u.username === '' && u.password === '' && u.hostname !== '' && u.href.length <= max;
      },
      httpsOnly ? 'an https URL without credentials' : 'an http(s) URL without credentials',
    )
    .transform((raw) => new URL(raw).href);
