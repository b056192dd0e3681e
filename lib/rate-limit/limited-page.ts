/**
 * The page a person sees when their address has used up the public quota (the 429 of a VIN page, answered by
 * proxy.ts before the page renders). Next.js cannot give a page a 429 status, so this is a small HTML document of
 * its own (lib/http/standalone-page.ts), saying what happened, how long to wait, and where to go.
 */
import { escapeHtml, standalonePage } from "../http/standalone-page";

export function rateLimitedPage(opts: {
  path: string;
  retryAfterSeconds: number;
  limit: number;
  windowSeconds: number;
}): string {
  const wait = opts.retryAfterSeconds === 1 ? "1 second" : `${opts.retryAfterSeconds} seconds`;
  return standalonePage(
    "Too many vehicle reports at once",
    `<p>Your network has opened more reports than this service gives any one address: ${opts.limit} in ${opts.windowSeconds} seconds, counting this site's pages and its API together.</p>
<p>Please wait ${wait}, then <a href="${escapeHtml(opts.path)}">open the report again</a>.</p>
<p class="muted">The <a href="/docs">API documentation</a> says how the limits work.</p>`,
  );
}
