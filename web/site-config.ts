// What the deployment tells the page at run time, in a file beside it (infra/site.ts writes it on AWS;
// the local stack has none, and the page then uses its own server for everything).

/** The file's path under the site root. */
export const SITE_CONFIG_PATH = 'config.json';

export interface SiteConfig {
  /**
   * The WebSocket URL of the live pages (API Gateway's WebSocket stage, wss://…/live). The page connects
   * there directly: CloudFront does not front it (README, "Live pages on AWS").
   */
  live?: string;
}
