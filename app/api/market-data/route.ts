// GET /api/market-data: the market overview (top models by discount, state coverage, total deals).
import { operations } from "@/lib/api/operations";
import { json, route } from "@/lib/http/route";
import { getMarketOverview } from "@/lib/pricing";

export const GET = route(operations.getMarketOverview, async () => {
  const { overview } = await getMarketOverview();
  return json(overview);
});
