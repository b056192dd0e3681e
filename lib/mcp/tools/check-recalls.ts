/**
 * check_recalls: NHTSA recall campaigns for a VIN (its decoded year/make/model) or for a year/make/model,
 * through the same lib/recalls functions as GET /api/recalls, validated by the same RecallsQuery schema.
 */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { CheckRecallsArguments } from "../../api/mcp";
import { operations } from "../../api/operations";
import { RecallsResponse, recallsRequest, type RecallItem } from "../../api/recalls";
import { parseInput } from "../../http/params";
import { recallsForVin, recallsForYearMakeModel } from "../../recalls";
import { runTool, toolError, toolSuccess } from "../tool-result";

export const CHECK_RECALLS = "check_recalls";

export function registerCheckRecalls(server: McpServer): void {
  server.registerTool(
    CHECK_RECALLS,
    {
      title: "Check safety recalls",
      description:
        "Looks up NHTSA safety recall campaigns either by VIN (the recalls of its decoded model year, make and " +
        "model) or by year, make and model. Returns the campaigns (number, component, summary, consequence, " +
        "remedy, report date) with severity flags parkIt (do not drive), parkOutside (fire risk: park outside) " +
        "and overTheAirUpdate (remedy by software update), plus status (ok, or stale when NHTSA could not be " +
        "reached and the last known answer is given) and checkedAt. When nothing is known about the vehicle's " +
        "recalls the result is an error. Whether a particular vehicle's remedy has been done is not known to NHTSA's public data.",
      inputSchema: CheckRecallsArguments,
      outputSchema: RecallsResponse.shape,
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    async (args, extra) =>
      runTool(CHECK_RECALLS, async () => {
        const query = parseInput(operations.getRecalls.query, {
          vin: args.vin,
          make: args.make,
          model: args.model,
          year: args.year === undefined ? undefined : String(args.year),
        });
        const request = recallsRequest(query);
        let answer: RecallsResponse;
        if (request.kind === "vin") {
          answer = await recallsForVin(request.vin, { signal: extra.signal });
        } else if (request.kind === "vehicle") {
          answer = await recallsForYearMakeModel(request, { signal: extra.signal });
        } else {
          return toolError("Give either vin, or year, make and model.");
        }
        if (answer.status === "unavailable") {
          return toolError(`Recalls of the ${vehicleName(answer)} are unknown: ${answer.source}.`);
        }
        return toolSuccess(answer, recallsSummary(answer));
      }),
  );
}

function vehicleName(r: RecallsResponse): string {
  return `${r.year} ${r.make} ${r.model}${r.vin ? ` (VIN ${r.vin})` : ""}`;
}

function recallsSummary(r: RecallsResponse): string {
  const head =
    r.count === 0
      ? `No recall campaigns for the ${vehicleName(r)}.`
      : `${r.count} recall campaign${r.count === 1 ? "" : "s"} for the ${vehicleName(r)}:`;
  const lines = [head, ...r.items.map(recallLine)];
  if (r.status === "stale") lines.push(`NHTSA could not be reached: this is the last known answer, as of ${r.checkedAt}.`);
  lines.push(`Source: ${r.source}. Checked at ${r.checkedAt}. ${r.url}`);
  return lines.join("\n");
}

function recallLine(item: RecallItem): string {
  const flags = [
    item.parkIt ? "DO NOT DRIVE" : null,
    item.parkOutside ? "PARK OUTSIDE" : null,
    item.overTheAirUpdate ? "over-the-air update" : null,
  ].filter(Boolean);
  const date = item.reportReceivedDate ? ` (reported ${item.reportReceivedDate})` : "";
  return (
    `- ${item.campaignNumber}${date}${flags.length ? ` [${flags.join(", ")}]` : ""}: ${item.component}. ` +
    `${item.summary} Consequence: ${item.consequence} Remedy: ${item.remedy}`
  );
}
