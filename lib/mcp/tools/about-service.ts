/** about_service: what this server is, its version, and the provenance of its data. */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { AboutService } from "../../api/mcp";
import { API_VERSION, SERVICE_NAME, SERVICE_VERSION } from "../../version";
import { dataSources } from "../provenance";
import { runTool, toolSuccess } from "../tool-result";

export const ABOUT_SERVICE = "about_service";

const SERVICE_DESCRIPTION =
  "vinscope: VIN decoding with NHTSA's vPIC data and decoding rules, NHTSA safety recalls, aggregate pricing " +
  "from buyer deals, and short factual vehicle insights (AI-written when a model is configured, otherwise composed " +
  "by fixed rules; each insight names its writer).";

const ATTRIBUTION =
  "Vehicle data from vinscope and NHTSA's vPIC VIN decoder database; recall data from NHTSA. When showing " +
  "the data to end users, cite vinscope and NHTSA vPIC and link to the VIN's permalink.";

export function registerAboutService(server: McpServer, toolNames: readonly string[]): void {
  server.registerTool(
    ABOUT_SERVICE,
    {
      title: "About this service",
      description:
        "Describes this server: name, version, the tools it offers, and the provenance of its data (vPIC data " +
        "date, recall source with the number of stored campaigns and the last sync, pricing data set label and " +
        "size, AI insight model), plus the attribution text requested when the data is shown to end users.",
      inputSchema: {},
      outputSchema: AboutService.shape,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async () =>
      runTool(ABOUT_SERVICE, async () => {
        const data: AboutService = {
          name: SERVICE_NAME,
          description: SERVICE_DESCRIPTION,
          version: SERVICE_VERSION,
          apiVersion: API_VERSION,
          tools: [...toolNames],
          dataSources: await dataSources(),
          attribution: ATTRIBUTION,
        };
        const d = data.dataSources;
        const summary = [
          `${SERVICE_DESCRIPTION} Version ${data.version} (API ${data.apiVersion}).`,
          `Tools: ${data.tools.join(", ")}.`,
          `vPIC data date: ${d.vpic.dataDate ?? "unknown"}${d.vpic.liveEnrichment ? " (missing elements asked of NHTSA's live vPIC API)" : ""}.`,
          `Recalls: ${d.recalls.mode}, ${d.recalls.campaigns} stored campaigns, last sync ${d.recalls.lastSync ?? "never"}.`,
          `Pricing: ${d.pricing.label}, ${d.pricing.deals} deals.`,
          `Insights: model ${d.insights.model}${d.insights.enabled ? "" : " (no API key configured)"}.`,
          `Attribution: ${data.attribution}`,
        ];
        return toolSuccess(data, summary.join("\n"));
      }),
  );
}
