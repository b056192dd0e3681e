/** about_service: what this server is, its version, its tools, and the provenance of its data. */
import { z } from "zod";
import { API_VERSION, SERVICE_NAME, SERVICE_VERSION } from "../../version";
import { NO_ARGUMENTS } from "../arguments";
import { dataSources, DataSources } from "../provenance";
import { insightWriterLine, pricingProvenanceLine } from "../summaries";
import { defineTool } from "../tool";
import { toolSuccess } from "../tool-result";

const SERVICE_DESCRIPTION =
  "vinscope: VIN decoding with NHTSA's vPIC data and decoding rules, NHTSA safety recalls, NCAP ratings and owner " +
  "complaints, EPA fuel economy, aggregate pricing from buyer deals, and short factual vehicle insights (AI-written " +
  "when a model is configured, otherwise composed by fixed rules; each insight names its writer).";

const ATTRIBUTION =
  "Vehicle data from vinscope and NHTSA's vPIC VIN decoder database; recall data from NHTSA. When showing " +
  "the data to end users, cite vinscope and NHTSA vPIC and link to the VIN's permalink.";

export const AboutService = z
  .object({
    name: z.string(),
    description: z.string(),
    version: z.string().meta({ description: "version of this vinscope server" }),
    apiVersion: z.string().meta({ description: "version of the public API contract (OpenAPI document)" }),
    tools: z.array(z.string()).meta({ description: "names of the tools this server offers" }),
    dataSources: DataSources,
    attribution: z.string().meta({ description: "attribution requested when the data is shown to end users" }),
  })
  .meta({ id: "AboutService", description: "What this MCP server is and where its data comes from." });
export type AboutService = z.infer<typeof AboutService>;

export const aboutService = defineTool({
  name: "about_service",
  title: "About this service",
  summary: "the server's version, tools and data sources",
  description:
    "This server's name, version and tools, and where its data comes from (vPIC data date, recall source and last " +
    "sync, the pricing data set and its size, the insight model), with the attribution requested when showing it.",
  arguments: NO_ARGUMENTS,
  output: AboutService,
  openWorld: false,
  handler: async (_args, { toolNames }) => {
    const data: AboutService = {
      name: SERVICE_NAME,
      description: SERVICE_DESCRIPTION,
      version: SERVICE_VERSION,
      apiVersion: API_VERSION,
      tools: [...(toolNames ?? [])],
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
  },
});
