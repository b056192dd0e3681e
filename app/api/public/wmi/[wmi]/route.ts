// GET /api/public/wmi/{wmi}: what a manufacturer code names (vPIC's WMI list, or the known non-US codes).
import { operations } from "@/lib/api/operations";
import { json, route } from "@/lib/http/route";
import { wmiAnswer } from "@/lib/vin";

export const dynamic = "force-dynamic";

export const GET = route(operations.lookupWmi, async (_req, { params }) => json(wmiAnswer(params.wmi)));
