// GET /api/public/makes?year=&type=&q=: the makes NHTSA vPIC knows, with their slugs.
import { operations } from "@/lib/api/operations";
import { json, route } from "@/lib/http/route";
import { makesAnswer } from "@/lib/vin";

export const dynamic = "force-dynamic";

export const GET = route(operations.listMakes, async (_req, { query }) => json(makesAnswer(query)));
