import Link from "next/link";
import { CopyBlock } from "@/components/copy-block";
import { VinSearch } from "@/components/vin-search";
import { VehiclePicker } from "@/components/vehicle-picker";
import { pickerMakes } from "./vehicles/load-catalog";
import { EXAMPLE_DEALER_VIN, EXAMPLE_VIN, EXAMPLE_VIN_VEHICLE } from "@/lib/contract/examples";
import { MCP_TOOLS, toolNamesInWords } from "@/lib/mcp";
import { config } from "@/lib/config";
import { parseVin } from "@/lib/vin";
import { getMarketOverview, vehicleHasDeals } from "@/lib/pricing";
import { recallMirrorStatus } from "@/lib/recalls";
import { decodeVin } from "@/lib/vin";

export const dynamic = "force-dynamic";

/**
 * What the example VIN's page shows that this server holds itself (no outside system is asked here): pricing, and
 * whether it is demo data; open recalls only from a fresh recall mirror. A server that can reach NHTSA shows
 * recalls too, but the home page does not promise what an outage would take away.
 */
async function exampleOffer(): Promise<string> {
  const decoded = decodeVin(parseVin(EXAMPLE_VIN));
  const vehicle =
    decoded.ok && decoded.decoded.model
      ? { year: Number(decoded.decoded.year), make: decoded.decoded.make, model: decoded.decoded.model }
      : null;
  const [hasDeals, market, mirror] = await Promise.all([
    vehicle ? vehicleHasDeals(vehicle).catch(() => false) : false,
    getMarketOverview().catch(() => null),
    recallMirrorStatus().catch(() => null),
  ]);
  const parts: string[] = [];
  if (hasDeals && market) {
    const { demoDeals, totalDeals } = market.overview;
    parts.push(demoDeals >= totalDeals ? "demo pricing" : demoDeals > 0 ? "pricing (partly demo data)" : "pricing");
  }
  if (mirror?.fresh) parts.push("open recalls");
  return parts.length ? `, with ${parts.join(" and ")}` : "";
}

export default async function HomePage() {
  const base = config().publicBaseUrl;
  const offer = await exampleOffer();
  return (
    <>
      <section aria-labelledby="home-h">
        <h1 id="home-h">Decode any VIN. Free, open, NHTSA-faithful.</h1>
        <p className="lead">
          vinscope decodes 17-character VINs with NHTSA&apos;s vPIC data and decoding rules, adds aggregate pricing from
          buyer deals, open safety recalls and a short factual insight, and serves it all as a free JSON API, as pages,
          and as an MCP server for AI agents.
        </p>
        <VinSearch />
        <h2 className="small" id="picker-h">
          No VIN? Choose a make, model and year
        </h2>
        <VehiclePicker makes={pickerMakes()} />
        <p className="muted">
          Try <Link href={`/vin/${EXAMPLE_VIN}`}>{EXAMPLE_VIN}</Link> (a {EXAMPLE_VIN_VEHICLE}
          {offer}), or browse <Link href="/vehicles">vehicles by make</Link>, <Link href="/market">market pricing</Link>{" "}
          and <Link href="/recalls">recalls</Link>.
        </p>
      </section>

      <section className="grid" aria-label="Ways to use vinscope">
        <div className="card">
          <h2>Public JSON API</h2>
          <p>No key, CORS-enabled, cacheable GET endpoints: VIN reports, pricing, recalls, insights, market data.</p>
          <CopyBlock wrap label="curl example" text={`curl '${base}/api/public/vin/${EXAMPLE_VIN}?insight=false'`} />
          <Link href="/docs">API reference (OpenAPI 3.1)</Link>
        </div>
        <div className="card">
          <h2>MCP server</h2>
          <p>
            {MCP_TOOLS.length} tools for AI agents ({toolNamesInWords()}), with resource templates and prompts, over
            stdio or stateless HTTP.
          </p>
          <CopyBlock
            wrap
            label="MCP request example"
            text={`curl -X POST ${base}/api/mcp \\\n  -H 'content-type: application/json' \\\n  -d '{"jsonrpc":"2.0","id":1,"method":"tools/list"}'`}
          />
          <Link href="/docs#mcp">MCP setup</Link>
        </div>
        <div className="card">
          <h2>Dealer API</h2>
          <p>Original manufacturer window stickers (PDF), availability checks and bulk VIN provisioning, with a key.</p>
          <CopyBlock
            wrap
            label="Dealer API example"
            text={`curl -H 'x-api-key: YOUR_KEY' \\\n  '${base}/api/dealer/v1/window-sticker?vin=${EXAMPLE_DEALER_VIN}&format=check'`}
          />
          <Link href="/dealers">Start a 14-day trial</Link>
        </div>
      </section>
    </>
  );
}
