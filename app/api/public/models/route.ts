// GET /api/public/models?make=&year=&type=: a make's models NHTSA vPIC knows, with their slugs and years.
import { operations } from "@/lib/api/operations";
import { json, route } from "@/lib/http/route";
import { modelsAnswer } from "@/lib/vin";

export const dynamic = "force-dynamic";

export const GET = route(operations.listModels, async (_req, { query }) => json(modelsAnswer(query)));
