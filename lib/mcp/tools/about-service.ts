/** about_service: what this server is, its version, its tools, and the provenance of its data. */
import type { AboutService } from "../../api/mcp";
import { MCP_TOOL_NAMES, type McpToolArguments } from "../../api/mcp-tools";
import { API_VERSION, SERVICE_NAME, SERVICE_VERSION } from "../../version";
import { dataSources } from "../provenance";
import { insightWriterLine, pricingProvenanceLine } from "../summaries";
import { toolSuccess, type ToolHandler } from "../tool-result";

const SERVICE_DESCRIPTION =
  "vinscope: VIN decoding with NHTSA's vPIC data and decoding rules, NHTSA safety recalls, NCAP ratings and owner " +
  "complaints, EPA fuel economy, aggregate pricing from buyer deals, and short factual vehicle insights (AI-written " +
  "when a model is configured, otherwise composed by fixed rules; each insight names its writer).";

const ATTRIBUTION =
  "Vehicle data from vinscope and NHTSA's vPIC VIN decoder database; recall data from NHTSA. When showing " +
  "the data to end users, cite vinscope and NHTSA vPIC and link to the VIN's permalink.";

export const aboutService: ToolHandler<McpToolArguments<"about_service">> = async () => {
  const data: AboutService = {
    name: SERVICE_NAME,
    description: SERVICE_DESCRIPTION,
    version: SERVICE_VERSION,
    apiVersion: API_VERSION,
    tools: [...MCP_TOOL_NAMES],
    dataSources: await dataSources(),
    attribution: ATTRIBUTION,
  };
  const d = data.dataSources;
  const summary = [
    `${SERVICE_DESCRIPTION} Version ${data.version} (API ${data.apiVersion}).`,
    `Tools: ${data.tools.join(", ")}.`,
    `vPIC data date: ${d.vpic.dataDate ?? "unknown"}${d.vpic.liveEnrichment ? " (missing elements asked of NHTSA's live vPIC API)" : ""}.`,
    `Recalls: ${d.recalls.mode}, ${d.recalls.campaigns} stored campaigns, last sync ${d.recalls.lastSync ?? "never"}.`,
    pricingProvenanceLine(d.pricing),
    insightWriterLine(d.insights),
    `Attribution: ${data.attribution}`,
  ];
  return toolSuccess(data, summary.join("\n"));
};
