/**
 * A small HTML page that stands alone: no stylesheet, script or font of the app to load, in the site's colours
 * (light and dark). For the answers given outside a rendered page: the 429 of a VIN page (proxy.ts, through
 * lib/rate-limit) and the 503 of a page that failed on a database fault (page-fault.ts).
 */

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The page: `title` (plain text) as its title and heading, `body` (HTML, escaped by the caller) below it. */
export function standalonePage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · vinscope</title>
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
<h1>${escapeHtml(title)}</h1>
${body}
</div>
</main>
</body>
</html>
`;
}
