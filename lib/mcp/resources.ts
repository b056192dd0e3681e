/**
 * The resource templates: a VIN's report (vinscope://vin/{vin}, decode_vin's answer) and what is known about a
 * model year, make and model (vinscope://vehicle/{year}/{make}/{model}, the vehicle page's data), as JSON. The
 * vehicle template completes its make, model and year from the vPIC catalog.
 */
import {
  McpServer,
  ResourceTemplate,
  type CompleteResourceTemplateCallback,
} from "@modelcontextprotocol/sdk/server/mcp.js";
import { ErrorCode, McpError, type ReadResourceResult } from "@modelcontextprotocol/sdk/types.js";
import { parseVin, LIGHT_VEHICLE_TYPES, findCatalogModel, listMakes, listModels } from "../vin";
import { isApiError } from "../contract/errors";
import { operations } from "../api/operations";
import { buildVehicleReport, buildVinReport } from "../report";
import { operationInput } from "./operation-input";
import { arrivalOfMcpRequest } from "./request-arrival";

/** The resource templates (/llms.txt and /docs list them from here). */
export const MCP_RESOURCE_TEMPLATES = {
  vinReport: {
    name: "vin-report",
    uriTemplate: "vinscope://vin/{vin}",
    title: "VIN report",
    description: "The report of a 17-character VIN, as decode_vin answers it (JSON).",
  },
  vehicleReport: {
    name: "vehicle-report",
    uriTemplate: "vinscope://vehicle/{year}/{make}/{model}",
    title: "Vehicle report",
    description:
      "What is known about a model year, make and model without a VIN (make and model as slugs, e.g. 2022/honda/cr-v): " +
      "pricing, open recalls, NCAP ratings and EPA fuel economy of every variant, owner complaints by component, the insight (JSON).",
  },
} as const;

/** MCP's code for a resource that does not exist. */
const RESOURCE_NOT_FOUND = -32002;

const COMPLETIONS = 20;

function one(value: string | string[] | undefined): string {
  return Array.isArray(value) ? (value[0] ?? "") : (value ?? "");
}

async function json(uri: URL, read: () => Promise<unknown>): Promise<ReadResourceResult> {
  try {
    return { contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify(await read()) }] };
  } catch (error) {
    if (isApiError(error))
      throw new McpError(error.status === 404 ? RESOURCE_NOT_FOUND : ErrorCode.InvalidParams, error.detail);
    throw error;
  }
}

/**
 * A template whose variables complete from a Map. The SDK looks a variable's completer up as a property of a plain
 * object, so a client naming the argument `constructor`, `toString` or `__proto__` reached Object.prototype: a
 * nonsense completion or an internal error. Here only the template's own variables complete; any other name gets
 * the SDK's answer for a variable without a completer, an empty completion.
 */
class CompletedTemplate extends ResourceTemplate {
  constructor(
    uriTemplate: string,
    private readonly completers: ReadonlyMap<string, CompleteResourceTemplateCallback>,
  ) {
    super(uriTemplate, { list: undefined });
  }

  override completeCallback(variable: string): CompleteResourceTemplateCallback | undefined {
    return this.completers.get(variable);
  }
}

export function registerResources(server: McpServer): void {
  const { vinReport, vehicleReport } = MCP_RESOURCE_TEMPLATES;
  server.registerResource(
    vinReport.name,
    new ResourceTemplate(vinReport.uriTemplate, { list: undefined }),
    { title: vinReport.title, description: vinReport.description, mimeType: "application/json" },
    (uri, { vin }, extra) =>
      json(uri, () => buildVinReport(parseVin(one(vin)), undefined, { arrivedAt: arrivalOfMcpRequest(extra) })),
  );

  server.registerResource(
    vehicleReport.name,
    new CompletedTemplate(
      vehicleReport.uriTemplate,
      new Map<string, CompleteResourceTemplateCallback>([
        [
          "make",
          (value) =>
            startingWith(
              listMakes({ types: LIGHT_VEHICLE_TYPES }).map((m) => m.slug),
              value,
            ),
        ],
        [
          "model",
          (value, context) =>
            startingWith(listModels(context?.arguments?.make ?? "", {})?.models.map((m) => m.slug) ?? [], value),
        ],
        [
          "year",
          (value, context) => {
            const found = findCatalogModel(context?.arguments?.make ?? "", context?.arguments?.model ?? "");
            const years = found
              ? found.model.years.flatMap((r) => Array.from({ length: r.to - r.from + 1 }, (_, i) => String(r.to - i)))
              : [];
            return startingWith(years.sort().reverse(), value);
          },
        ],
      ]),
    ),
    { title: vehicleReport.title, description: vehicleReport.description, mimeType: "application/json" },
    (uri, variables) =>
      json(uri, async () => {
        const { params } = operationInput(operations.getVehicleInsight, {
          year: one(variables.year),
          make: one(variables.make),
          model: one(variables.model),
        });
        const report = await buildVehicleReport(params);
        if (!report)
          throw new McpError(RESOURCE_NOT_FOUND, `NHTSA vPIC knows no ${params.year} ${params.make} ${params.model}.`);
        return report;
      }),
  );
}

function startingWith(values: string[], prefix: string): string[] {
  const p = prefix.toLowerCase();
  return values.filter((v) => v.startsWith(p)).slice(0, COMPLETIONS);
}
