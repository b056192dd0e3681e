// /docs: how to use the API (quick start, attribution, MCP, dealer API, problem reasons) and the interactive
// reference rendered from the live OpenAPI document.
import type { Metadata } from "next";
import { Fragment } from "react";
import swaggerUi from "swagger-ui-dist/package.json";
import { OPERATIONS } from "@/lib/api/operations";
import { MCP_PROMPTS, MCP_RESOURCE_TEMPLATES, MCP_TOOLS } from "@/lib/mcp";
import { problemAnchors } from "@/lib/openapi";
import { config } from "@/lib/config";
import { CACHE } from "@/lib/api/cache";
import { API_VERSION } from "@/lib/version";
import { CopyBlock } from "@/components/copy-block";
import { ScrollTable } from "@/components/scroll-table";
import { EXAMPLE_DEALER_VIN, EXAMPLE_VIN } from "@/lib/contract/examples";
import { ApiReference } from "./api-reference";
import styles from "./docs.module.css";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "API documentation",
  description:
    "The vinscope public API (OpenAPI 3.1): VIN decoding, pricing, recalls and market data; MCP server setup; dealer API; problem reasons.",
};

/** The Problems table's texts carry Markdown `code` spans (they are also OpenAPI descriptions): render them. */
function InlineCode({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/(`[^`]+`)/)
        .map((part, i) =>
          part.startsWith("`") && part.endsWith("`") && part.length > 2 ? (
            <code key={i}>{part.slice(1, -1)}</code>
          ) : (
            part
          ),
        )}
    </>
  );
}

/**
 * A tool name that wraps only after an underscore (`get_recall_|campaign`), never inside a word: a name is typed
 * as it reads, and `get_recall_campa|ign` reads as two words.
 */
function ToolName({ name }: { name: string }) {
  const parts = name.split(/(?<=_)/);
  return (
    <code className={styles.toolName}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </code>
  );
}

export default function DocsPage() {
  const base = config().publicBaseUrl;
  const limits = config().rateLimit.public;
  const dailyVinFlag = config().dealerDailyVinFlag;
  const q = limits?.requests ?? 60;
  const w = limits?.windowSeconds ?? 60;
  const rateLimitHeaders = `HTTP/1.1 200 OK
RateLimit-Policy: "address";q=${q};w=${w}
RateLimit: "address";r=${q - 1};t=${w}`;
  const rateLimited = `HTTP/1.1 429 Too Many Requests
Content-Type: application/problem+json
Retry-After: 17
RateLimit-Policy: "address";q=${q};w=${w}
RateLimit: "address";r=0;t=17

{
  "type": "${base}/docs#problem-rate_limited",
  "title": "Too Many Requests",
  "status": 429,
  "detail": "More than ${q} requests from this address in ${w} s. Retry after 17 s.",
  "reason": "rate_limited",
  "limit": ${q},
  "windowSeconds": ${w},
  "retryAfterSeconds": 17,
  "requestId": "5f0c1e9a-3b7d-4c2e-9a41-7d2b8e6f1c30"
}`;
  const curl = [
    `curl ${base}/api/public/vin/${EXAMPLE_VIN}`,
    `curl "${base}/api/public/vin/${EXAMPLE_VIN}?insight=false"`,
    `curl "${base}/api/public/models?make=honda&year=2022"`,
    `curl ${base}/api/public/wmi/1HG`,
    `curl ${base}/api/public/pricing/toyota/camry/2024`,
    `curl ${base}/api/public/pricing/toyota/camry/2024/ca`,
    `curl "${base}/api/recalls?make=ford&model=f-150&year=2022"`,
    `curl "${base}/api/recalls?vin=${EXAMPLE_VIN}"`,
    `curl "${base}/api/recalls?campaign=24V436000"`,
    `curl ${base}/api/market-data`,
  ].join("\n");
  const fetchExample = `const res = await fetch("${base}/api/public/pricing/toyota/camry/2024");
if (res.ok) {
  const pricing = await res.json();
  console.log(pricing.averageSellingPrice, pricing.dataStatus, pricing.citation);
} else if (res.status === 404) {
  const noData = await res.json(); // { make, model, year, state, dataStatus: "none", sampleSize: 0 }
} else {
  const problem = await res.json(); // application/problem+json: { type, title, status, detail, reason, requestId, ... }
  console.error(problem.reason, problem.detail);
}`;
  // The stdio server runs apart from this app: it builds its permalinks and citations from its own
  // PUBLIC_BASE_URL, so the snippet passes this app's address (and the server falls back to localhost without it).
  const mcpStdio = `{
  "mcpServers": {
    "vinscope": {
      "command": "node",
      "args": ["/absolute/path/to/vinscope/bin/vinscope.mjs", "mcp"],
      "env": { "PUBLIC_BASE_URL": "${base}" }
    }
  }
}`;
  const mcpHttp = `curl -X POST ${base}/api/mcp \\
  -H "content-type: application/json" \\
  -d '{"jsonrpc":"2.0","id":1,"method":"tools/list"}'`;
  const dealer = [
    `# availability check (JSON)`,
    `curl -H "x-api-key: $VINSCOPE_KEY" "${base}/api/dealer/v1/window-sticker?vin=${EXAMPLE_DEALER_VIN}&format=check"`,
    `# the original window sticker (PDF)`,
    `curl -H "x-api-key: $VINSCOPE_KEY" -o sticker.pdf "${base}/api/dealer/v1/window-sticker?vin=${EXAMPLE_DEALER_VIN}"`,
    `# bulk inventory check (up to 500 VINs; 25 with "live": true)`,
    `curl -X POST -H "x-api-key: $VINSCOPE_KEY" -H "content-type: application/json" \\`,
    `  -d '{"vins":["${EXAMPLE_DEALER_VIN}"],"decode":true}' ${base}/api/dealer/v1/provision`,
  ].join("\n");
  const publicOps = OPERATIONS.filter((op) => !op.security && !op.tags.includes("MCP") && !op.tags.includes("Billing"));

  return (
    <div className={styles.page}>
      <h1>API documentation</h1>
      <p className="lead">
        A free JSON API for VIN decoding (NHTSA vPIC), aggregate pricing from verified buyer deals, NHTSA recalls and
        market data. No key, CORS open to every origin, GET only. Contract version {API_VERSION}, described as{" "}
        <a href="/api/public/openapi.json">OpenAPI 3.1</a>.
      </p>
      <nav aria-label="On this page" className={styles.toc}>
        <a href="#quick-start">Quick start</a>
        <a href="#endpoints">Endpoints</a>
        <a href="#attribution">Attribution</a>
        <a href="#mcp">MCP server</a>
        <a href="#dealer">Dealer API</a>
        <a href="#problems">Problems</a>
        <a href="#reference">Reference</a>
      </nav>

      <section id="quick-start" aria-labelledby="quick-start-h">
        <h2 id="quick-start-h">Quick start</h2>
        <CopyBlock label="With curl" text={curl} testId="quick-start-curl" />
        <CopyBlock label="With fetch (browser or Node 18+)" text={fetchExample} />
        <p>
          Every successful GET carries an <code>ETag</code>; send it back in <code>If-None-Match</code> and an unchanged
          answer is a <code>304</code> without a body. Every answer carries an <code>x-request-id</code> (yours, if you
          send a sane one).
        </p>
      </section>

      <section id="endpoints" aria-labelledby="endpoints-h">
        <h2 id="endpoints-h">Endpoints</h2>
        <ScrollTable
          label="Endpoints"
          rows={publicOps}
          rowKey={(op) => op.operationId}
          columns={[
            {
              header: "Operation",
              cell: (op) => (
                <>
                  <code>{op.operationId}</code>
                  <br />
                  <span className="muted">{op.summary}</span>
                </>
              ),
            },
            {
              header: "Request",
              cell: (op) => (
                <code>
                  {op.method.toUpperCase()} {op.path}
                </code>
              ),
            },
            { header: "Cache-Control", cell: (op) => <code>{op.cache ? CACHE[op.cache] : "no-store"}</code> },
          ]}
        />
        <p>
          Machine-readable: <a href="/api/public/openapi.json">/api/public/openapi.json</a> (OpenAPI 3.1),{" "}
          <a href="/.well-known/api-catalog">/.well-known/api-catalog</a> (RFC 9727) and{" "}
          <a href="/llms.txt">/llms.txt</a>.
        </p>
      </section>

      <section id="rate-limits" aria-labelledby="rate-limits-h">
        <h2 id="rate-limits-h">Rate limits</h2>
        <p>
          The public endpoints and <code>/api/mcp</code> are limited per client address:{" "}
          {limits ? (
            <>
              <strong>
                {limits.requests} requests per {limits.windowSeconds} seconds
              </strong>{" "}
              on this instance, all endpoints together.
            </>
          ) : (
            <>switched off on this instance.</>
          )}{" "}
          Every answer says where you stand, in the fields of the IETF draft <em>RateLimit header fields for HTTP</em>{" "}
          (readable from browsers too):
        </p>
        <pre tabIndex={0} role="group" aria-label="Rate-limit header fields">
          <code>{rateLimitHeaders}</code>
        </pre>
        <p>
          <code>RateLimit-Policy</code> is the quota (<code>q</code> requests per <code>w</code> seconds);{" "}
          <code>RateLimit</code> is what is left (<code>r</code> requests) and when the window resets (<code>t</code>{" "}
          seconds). Past the quota the answer is <code>429 Too Many Requests</code> with <code>Retry-After</code>{" "}
          (seconds) and a problem body with <code>reason</code>{" "}
          <a href="#problem-rate_limited">
            <code>rate_limited</code>
          </a>
          :
        </p>
        <pre tabIndex={0} role="group" aria-label="A 429 answer">
          <code>{rateLimited}</code>
        </pre>
        <p>
          Wait the <code>Retry-After</code> seconds before asking again. The dealer API has no per-key rate limit unless
          the operator sets one (then the same fields, with the policy <code>&quot;key&quot;</code>); a key that sends
          more than {dailyVinFlag.toLocaleString("en-US")} VINs in a day keeps working, and its answers carry{" "}
          <code>Vinscope-Daily-Volume</code>. For more volume, contact the operator.
        </p>
      </section>

      <section id="attribution" aria-labelledby="attribution-h">
        <h2 id="attribution-h">Attribution</h2>
        <p>When you show this data to people, attribution is requested (not enforced):</p>
        <ul>
          <li>
            cite vinscope and the national decoder database, NHTSA&apos;s vPIC (Product Information Catalog and Vehicle
            Listing);
          </li>
          <li>
            link to the VIN&apos;s permalink (<code>permalink</code> in the decode response,{" "}
            <code>{base}/vin/&lt;VIN&gt;</code>).
          </li>
        </ul>
        <p>
          Responses carry a <code>source</code> text and a ready-made <code>citation</code>. Recall data comes from
          NHTSA. Pricing answers also carry <code>recommendation</code> and <code>recommendationUrl</code>: promotional
          text and a signup link of the operator, which you may display or ignore. Figures from the bundled demo data
          set say so in their <code>source</code>.
        </p>
      </section>

      <section id="mcp" aria-labelledby="mcp-h">
        <h2 id="mcp-h">MCP server</h2>
        <p>
          The same capabilities as {MCP_TOOLS.length} MCP tools, over two transports, without authentication. Each
          answers its data once, as <code>structuredContent</code> matching the tool&apos;s output schema, with a short
          text summary.
        </p>
        <ScrollTable
          label="MCP tools"
          testId="mcp-tools"
          rows={[...MCP_TOOLS]}
          rowKey={(t) => t.name}
          columns={[
            { header: "Tool", cell: (t) => <ToolName name={t.name} /> },
            { header: "What it answers", cell: (t) => t.summary },
            {
              header: "Same as",
              cell: (t) =>
                t.operation ? <code>{`${t.operation.method.toUpperCase()} ${t.operation.path}`}</code> : "",
            },
          ]}
        />
        <p>
          Resource templates:{" "}
          {Object.values(MCP_RESOURCE_TEMPLATES).map((r, i) => (
            <span key={r.name}>
              {i ? "; " : ""}
              <code>{r.uriTemplate}</code> ({r.title.toLowerCase()})
            </span>
          ))}
          . Prompts:{" "}
          {Object.values(MCP_PROMPTS).map((p, i) => (
            <span key={p.name}>
              {i ? "; " : ""}
              <code>{p.name}</code> ({p.title.toLowerCase()})
            </span>
          ))}
          . A JSON-RPC batch is refused: send one message per request.
        </p>
        <h3>Local (stdio)</h3>
        <p>
          In a clone of vinscope after <code>npm install</code>, the stdio server is <code>vinscope mcp</code>: run{" "}
          <code>npx vinscope mcp</code> in the clone, or register the clone&apos;s <code>bin/vinscope.mjs</code> with
          the argument <code>mcp</code> with your MCP client (Node 20.9 or later):
        </p>
        <CopyBlock label="MCP client configuration (stdio)" text={mcpStdio} testId="mcp-stdio-config" />
        <p>
          The stdio server reads the same environment variables as the app (<code>DATABASE_URL</code>,{" "}
          <code>PUBLIC_BASE_URL</code>, …). Its answers link to permalinks and pricing pages on{" "}
          <code>PUBLIC_BASE_URL</code>: set it to the address this app is served on, as above, or the links point at{" "}
          <code>http://localhost:$PORT</code>.
        </p>
        <h3>Hosted (HTTP)</h3>
        <p>
          <code>POST {base}/api/mcp</code> with a JSON-RPC 2.0 body; stateless, CORS-enabled, JSON answers:
        </p>
        <CopyBlock label="MCP over HTTP with curl" text={mcpHttp} />
      </section>

      <section id="dealer" aria-labelledby="dealer-h">
        <h2 id="dealer-h">Dealer API</h2>
        <p>
          Original manufacturer window stickers (Monroney labels) as PDF, availability checks and bulk inventory checks.
          Every request carries an API key in the <code>x-api-key</code> header; a key is issued once when you start a
          14-day trial on the <a href="/dealers">dealers page</a>. A missing, invalid, revoked or expired key, or one
          whose account&apos;s subscription has ended, is a <code>401</code>. While a payment has failed the key keeps
          working and every answer carries an <code>x-account-warning</code> header.
        </p>
        <p>
          Dealers sign in by emailed link at <a href="/dealers/sign-in">/dealers/sign-in</a> to see usage per day,
          rotate a key (the old one keeps working for a grace period), revoke keys, add or remove locations (one key
          each), and subscribe per location. One trial per dealer.
        </p>
        <CopyBlock label="Dealer API with curl" text={dealer} />
      </section>

      <section id="problems" aria-labelledby="problems-h">
        <h2 id="problems-h">Problems</h2>
        <p>
          Errors are RFC 9457 problem details (<code>application/problem+json</code>) with <code>type</code>,{" "}
          <code>title</code>, <code>status</code>, <code>detail</code>, <code>instance</code>, <code>requestId</code>{" "}
          and a machine-readable <code>reason</code>; <code>param</code> names the parameter at fault. The{" "}
          <code>type</code> URI points to the reason&apos;s entry below.
        </p>
        <dl className={styles.problems}>
          {problemAnchors().map((p) => (
            <div key={p.reason} id={p.anchor} className={styles.problem}>
              <dt>
                <code>{p.reason}</code>
              </dt>
              <dd>
                <InlineCode text={p.meaning} />
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section id="reference" aria-labelledby="reference-h">
        <h2 id="reference-h">Reference</h2>
        <link rel="stylesheet" href={`/docs/assets/swagger-ui.css?v=${swaggerUi.version}`} precedence="default" />
        <div className={styles.reference}>
          <ApiReference specUrl="/api/public/openapi.json" assetVersion={swaggerUi.version} />
        </div>
      </section>
    </div>
  );
}
