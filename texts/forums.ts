// The forum software dusk writes posts for, by id, with the name its users know: one list for the
// server's dialects (functions/service/posts/markup.ts) and the page's pickers.
export const FORUMS = {
  phpbb: 'phpBB',
  ipb: 'Invision',
  xenforo: 'XenForo',
  vbulletin: 'vBulletin',
  smf: 'SMF',
  forumfree: 'ForumFree / ForumCommunity',
  discourse: 'Discourse',
  reddit: 'Reddit',
} as const;

export type Forum = keyof typeof FORUMS;
export const FORUM_IDS = Object.keys(FORUMS) as Forum[];
