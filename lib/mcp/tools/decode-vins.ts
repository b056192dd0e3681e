/**
 * decode_vins: many VINs in one call, the same answer as GET /api/public/vins. A sixth tool beside the spec's
 * five rather than a `vins` argument on decode_vin: an MCP tool has one output schema, and decode_vin's is the
 * single report (spec 2.1) that its callers rely on; a batch has its own shape (VinBatchResponse).
 */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { BatchSectionQuery, DecodeVinsArguments, sectionFlags } from "../../api/mcp";
import { VIN_BATCH_LIMIT, VinBatchResponse } from "../../api/vin-batch";
import { buildVinBatch } from "../../report";
import { displayMake } from "../../vehicle";
import { runTool, toolSuccess } from "../tool-result";

export const DECODE_VINS = "decode_vins";

export function registerDecodeVins(server: McpServer): void {
  server.registerTool(
    DECODE_VINS,
    {
      title: "Decode many VINs",
      description:
        `Decodes up to ${VIN_BATCH_LIMIT} VINs in one call with NHTSA's vPIC data, each answered in input order with ` +
        "the same report decode_vin gives, or with its own problem (malformed VIN, unknown manufacturer, no " +
        "matching pattern). pricing, recalls and insight are off unless switched on.",
      inputSchema: DecodeVinsArguments,
      outputSchema: VinBatchResponse.shape,
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    async ({ vins, ...flags }) =>
      runTool(DECODE_VINS, async () => {
        const batch = await buildVinBatch(vins, sectionFlags(BatchSectionQuery, flags));
        return toolSuccess(batch, batchSummary(batch));
      }),
  );
}

function batchSummary(batch: VinBatchResponse): string {
  const lines = [`${batch.decoded} of ${batch.count} VINs decoded.`];
  for (const r of batch.results) {
    if (!r.ok) {
      lines.push(`- ${r.input}: ${r.problem.detail}`);
      continue;
    }
    const d = r.report.decoded;
    const name = [d.year, d.make ? displayMake(d.make) : null, d.model, d.trim].filter(Boolean).join(" ");
    lines.push(`- ${r.report.vin}: ${name || d.manufacturer || "vehicle"}${r.report.coverage === "wmi_only" ? " (outside the US-market data: WMI only)" : ""}`);
  }
  return lines.join("\n");
}
