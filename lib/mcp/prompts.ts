/**
 * The prompts: the jobs people bring to an agent, as a user message that carries vinscope's facts (the text
 * summary of the report, and a link to the full report as a resource). A person picks a prompt; its text is
 * theirs to read before it is sent.
 */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ErrorCode, McpError, type GetPromptResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { parseVin, findCatalogModel, normalizeVin, compactVinInput } from "../vin";
import { isApiError } from "../contract/errors";
import { buildVehicleReport, buildVinReport } from "../report";
import { arrivalOfMcpRequest } from "./request-arrival";
import { reportSummary, vehicleReportSummary } from "./summaries";

/** The prompts (/llms.txt and /docs list them from here). */
export const MCP_PROMPTS = {
  checkUsedCar: {
    name: "check_used_car",
    title: "Check a used car before buying",
    description:
      "A used car's VIN report (recalls, owner complaints, NCAP ratings, fuel economy, what buyers paid) with a request to review it as a buyer.",
  },
  compareVehicles: {
    name: "compare_vehicles",
    title: "Compare two vehicles",
    description:
      "Two vehicles' reports side by side (each a VIN, or a model year, make and model) with a request to compare them for a buyer.",
  },
} as const;

const VEHICLE_ARGUMENT = "a 17-character VIN, or a model year, make and model such as 2022 Honda CR-V";

// Built once: a server (and its prompts) is built per HTTP request.
const CHECK_ARGUMENTS = { vin: z.string().max(64).describe("the car's 17-character VIN") };
const COMPARE_ARGUMENTS = {
  first: z.string().max(100).describe(VEHICLE_ARGUMENT),
  second: z.string().max(100).describe(VEHICLE_ARGUMENT),
};

interface Facts {
  label: string;
  summary: string;
  uri: string;
}

/** A VIN's report, or a "year make model" text's vehicle report, as facts to quote. */
async function factsOf(text: string, arrivedAt?: number): Promise<Facts> {
  const vin = normalizeVin(compactVinInput(text.trim()));
  if (vin.ok) {
    const report = await buildVinReport(parseVin(vin.vin), undefined, { arrivedAt });
    return { label: `VIN ${vin.vin}`, summary: reportSummary(report), uri: `vinscope://vin/${vin.vin}` };
  }
  const vehicle = vehicleOfText(text);
  const report = vehicle ? await buildVehicleReport(vehicle) : null;
  if (!vehicle || !report)
    throw new McpError(
      ErrorCode.InvalidParams,
      `"${text}" is neither a VIN nor a model year, make and model that NHTSA vPIC knows.`,
    );
  return {
    label: `${report.year} ${report.make.name} ${report.model.name}`,
    summary: vehicleReportSummary(report),
    uri: `vinscope://vehicle/${report.year}/${report.make.slug}/${report.model.slug}`,
  };
}

/** "2022 Land Rover Range Rover Sport": the year, then the longest run of words that is a make with the rest as its model. */
function vehicleOfText(text: string): { year: number; make: string; model: string } | null {
  const match = /^\s*(\d{4})\s+(.+?)\s*$/.exec(text);
  if (!match) return null;
  const words = match[2].split(/\s+/);
  for (let i = words.length - 1; i >= 1; i--) {
    const make = words.slice(0, i).join(" ");
    const model = words.slice(i).join(" ");
    if (findCatalogModel(make, model)) return { year: Number(match[1]), make, model };
  }
  return null;
}

async function prompt(build: () => Promise<GetPromptResult>): Promise<GetPromptResult> {
  try {
    return await build();
  } catch (error) {
    if (isApiError(error)) throw new McpError(ErrorCode.InvalidParams, error.detail);
    throw error;
  }
}

const link = (facts: Facts) => ({
  type: "resource_link" as const,
  uri: facts.uri,
  name: facts.label,
  mimeType: "application/json",
});

export function registerPrompts(server: McpServer): void {
  const { checkUsedCar, compareVehicles } = MCP_PROMPTS;
  server.registerPrompt(
    checkUsedCar.name,
    {
      title: checkUsedCar.title,
      description: checkUsedCar.description,
      argsSchema: CHECK_ARGUMENTS,
    },
    ({ vin }, extra) =>
      prompt(async () => {
        const facts = await factsOf(vin, arrivalOfMcpRequest(extra));
        return {
          description: `Check ${facts.label} before buying`,
          messages: [
            {
              role: "user",
              content: {
                type: "text",
                text:
                  `I am thinking of buying the used car with ${facts.label}. Review it as a careful buyer would: open recalls ` +
                  "(and whether one says not to drive it or to park it outside), what owners complain about most, its crash-test " +
                  "ratings, its fuel economy and what buyers paid. Then list what to ask the seller and what to have inspected.\n\n" +
                  `vinscope's report:\n${facts.summary}`,
              },
            },
            { role: "user", content: link(facts) },
          ],
        };
      }),
  );

  server.registerPrompt(
    compareVehicles.name,
    {
      title: compareVehicles.title,
      description: compareVehicles.description,
      argsSchema: COMPARE_ARGUMENTS,
    },
    ({ first, second }, extra) =>
      prompt(async () => {
        const arrivedAt = arrivalOfMcpRequest(extra);
        const [a, b] = await Promise.all([factsOf(first, arrivedAt), factsOf(second, arrivedAt)]);
        return {
          description: `Compare ${a.label} and ${b.label}`,
          messages: [
            {
              role: "user",
              content: {
                type: "text",
                text:
                  `Compare these two vehicles for me as a buyer: ${a.label} and ${b.label}. Weigh their open recalls, owner ` +
                  "complaints, crash-test ratings, fuel economy and prices, say where they differ most, and which suits which kind " +
                  `of buyer.\n\nvinscope on ${a.label}:\n${a.summary}\n\nvinscope on ${b.label}:\n${b.summary}`,
              },
            },
            { role: "user", content: link(a) },
            { role: "user", content: link(b) },
          ],
        };
      }),
  );
}
