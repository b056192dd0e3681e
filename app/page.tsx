import Link from "next/link";
import { config } from "@/lib/config";

export const dynamic = "force-dynamic";

export default function HomePage() {
  const base = config().publicBaseUrl;
  return (
    <>
      <section>
        <h1>Decode any VIN. Free, open, NHTSA-faithful.</h1>
        <p className="lead">
          vinscope decodes 17-character VINs with NHTSA&apos;s vPIC data, adds aggregate pricing from verified buyer
          deals, open safety recalls and a short factual insight, and serves it all as a free JSON API, as pages, and
          as an MCP server for AI agents.
        </p>
        <form className="inline" action="/vin" method="get" aria-label="Decode a VIN">
          <label htmlFor="vin" className="muted" style={{ width: "100%" }}>
            Vehicle identification number
          </label>
          <input id="vin" name="vin" type="text" maxLength={17} placeholder="e.g. 1FTFW1E50NFA00000" size={24} autoComplete="off" spellCheck={false} />
          <button type="submit">Decode</button>
        </form>
      </section>

      <section className="grid">
        <div className="card">
          <h2>Public JSON API</h2>
          <p>No key, CORS-enabled, cacheable GET endpoints.</p>
          <pre>{`curl ${base}/api/public/vin/{VIN}`}</pre>
          <Link href="/docs">API reference</Link>
        </div>
        <div className="card">
          <h2>MCP server</h2>
          <p>Five tools for AI agents, over stdio or stateless HTTP.</p>
          <pre>{`POST ${base}/api/mcp`}</pre>
        </div>
        <div className="card">
          <h2>Dealer API</h2>
          <p>Original manufacturer window stickers (PDF), availability checks and bulk VIN provisioning.</p>
          <Link href="/dealers">Start a 14-day trial</Link>
        </div>
      </section>
    </>
  );
}
