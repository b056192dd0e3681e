/**
 * The page a person sees when their address has used up the public quota (the 429 of a VIN page, answered by
 * proxy.ts before the page renders). Next.js cannot give a page a 429 status, so this is a small HTML document of
 * its own, in the site's colours (light and dark), saying what happened, how long to wait, and where to go.
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function rateLimitedPage(opts: {
  path: string;
  retryAfterSeconds: number;
  limit: number;
  windowSeconds: number;
}): string {
  const wait = opts.retryAfterSeconds === 1 ? "1 second" : `${opts.retryAfterSeconds} seconds`;
  const path = escapeHtml(opts.path);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Too many vehicle reports at once · vinscope</title>
<style>
:root { color-scheme: light dark; --bg: #f6f8fa; --surface: #ffffff; --ink: #15212b; --muted: #4d5c68; --line: #d3dce3; --brand: #0f3d5e; --accent: #0f5f9e; }
@media (prefers-color-scheme: dark) { :root { --bg: #0d1318; --surface: #151d24; --ink: #e6edf3; --muted: #a9b7c3; --line: #2d3b47; --brand: #0b2a41; --accent: #7cbcff; } }
body { margin: 0; background: var(--bg); color: var(--ink); font: 1rem/1.55 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
header { background: var(--brand); color: #fff; padding: 0.75rem 1rem; font-weight: 700; }
header a { color: #fff; text-decoration: none; }
main { max-width: 40rem; margin: 2rem auto; padding: 0 1rem; }
.card { background: var(--surface); border: 1px solid var(--line); border-radius: 10px; padding: 1.5rem; }
h1 { font-size: 1.375rem; margin: 0 0 0.75rem; }
p { margin: 0 0 0.75rem; }
.muted { color: var(--muted); font-size: 0.875rem; }
a { color: var(--accent); }
</style>
</head>
<body>
<header><a href="/">vinscope</a></header>
<main>
<div class="card">
<h1>Too many vehicle reports at once</h1>
<p>Your network has opened more reports than this service gives any one address: ${opts.limit} in ${opts.windowSeconds} seconds, counting this site's pages and its API together.</p>
<p>Please wait ${wait}, then <a href="${path}">open the report again</a>.</p>
<p class="muted">The <a href="/docs">API documentation</a> says how the limits work.</p>
</div>
</main>
</body>
</html>
`;
}
