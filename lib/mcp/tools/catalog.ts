/** list_makes, list_models and lookup_wmi: the vPIC catalog (lib/vin), the same answers as /api/public/makes, /models and /wmi. */
import { z } from "zod";
import { operations } from "../../api/operations";
import {
  makesAnswer,
  modelsAnswer,
  wmiAnswer,
  MakesQuery,
  MakesResponse,
  ModelsQuery,
  ModelsResponse,
  WmiPathParams,
  WmiResponse,
} from "../../vin";
import { wholeNumberInput } from "../arguments";
import { operationInput } from "../operation-input";
import { makesSummary, modelsSummary, wmiSummary } from "../summaries";
import { defineTool } from "../tool";
import { toolSuccess } from "../tool-result";

/** list_makes: listMakes's query (the year as a number too). */
const ListMakesArguments = z.object({
  year: wholeNumberInput(z.int(), "only makes with a model in this model year").optional(),
  type: MakesQuery.shape.type,
  q: MakesQuery.shape.q,
});

export const listMakes = defineTool({
  name: "list_makes",
  title: "List makes",
  summary: "the makes NHTSA vPIC knows, optionally for a model year, with their slugs",
  description:
    "The makes in NHTSA's vPIC data, A-Z, each with its slug (what the other tools take), vehicle types and model " +
    "years. Filters: year, type (default light: cars, MPVs, trucks) and q (text in the name).",
  arguments: ListMakesArguments,
  output: MakesResponse,
  openWorld: false,
  operation: operations.listMakes,
  handler: async (args) => {
    const answer = makesAnswer(operationInput(operations.listMakes, args).query);
    return toolSuccess(answer, makesSummary(answer));
  },
});

/** list_models: listModels's query. */
const ListModelsArguments = z.object({
  make: ModelsQuery.shape.make,
  year: wholeNumberInput(z.int(), "only models vPIC's patterns cover in this model year").optional(),
  type: ModelsQuery.shape.type,
});

export const listModels = defineTool({
  name: "list_models",
  title: "List a make's models",
  summary: "a make's models, optionally for a model year, with their slugs and years",
  description:
    "A make's models in NHTSA's vPIC data, A-Z, with slugs, vehicle types and model years; with year, only those " +
    "vPIC's patterns cover that year. The make by name or slug; unknown is an error result.",
  arguments: ListModelsArguments,
  output: ModelsResponse,
  openWorld: false,
  operation: operations.listModels,
  handler: async (args) => {
    const answer = modelsAnswer(operationInput(operations.listModels, args).query);
    return toolSuccess(answer, modelsSummary(answer));
  },
});

/** lookup_wmi: lookupWmi's path parameter. */
const LookupWmiArguments = z.object({
  wmi: z.string().max(16).meta({ description: WmiPathParams.shape.wmi.description }),
});

export const lookupWmi = defineTool({
  name: "lookup_wmi",
  title: "Look up a manufacturer code",
  summary: "what a WMI (VIN positions 1-3, or 6 for small makers) names",
  description:
    "What a WMI (VIN positions 1-3, or 1-3 and 12-14 when position 3 is 9) names: manufacturer, makes with slugs, " +
    "ISO 3780 country and region, vehicle types, model years. From vPIC's WMI list or vinscope's list of well-known " +
    "codes vPIC does not publish; unknown is an error result.",
  arguments: LookupWmiArguments,
  output: WmiResponse,
  openWorld: false,
  operation: operations.lookupWmi,
  handler: async (args) => {
    const answer = wmiAnswer(operationInput(operations.lookupWmi, args).params.wmi);
    return toolSuccess(answer, wmiSummary(answer));
  },
});
