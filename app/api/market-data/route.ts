// GET /api/market-data: the market overview (spec 2.8).
import { json, route } from "@/lib/http/route";
import { getMarketOverview } from "@/lib/pricing";

export const GET = route({ name: "getMarketOverview", cache: "market" }, async () => {
  const { overview } = await getMarketOverview();
  return json(overview);
});
