/**
 * The recall an investigation led to (FLAT_INV's CAMPNO), linked to this service's answer of the campaign when its
 * recall data holds the campaign (GET /api/recalls?campaign=…, which then answers without asking NHTSA), else to
 * NHTSA's own page of the campaign.
 */
import { campaignTexts } from "../recalls";

export type RecallLink = { campaignNumber: string; url: string };

const ourCampaignPath = (campaign: string) => `/api/recalls?campaign=${encodeURIComponent(campaign)}`;
const nhtsaCampaignUrl = (campaign: string) => `https://www.nhtsa.gov/recalls?nhtsaId=${encodeURIComponent(campaign)}`;

/** Each campaign number → its link, in one statement for all of them. */
export async function recallLinks(campaignNumbers: string[]): Promise<Map<string, RecallLink>> {
  const wanted = [...new Set(campaignNumbers)];
  const held = new Set((await campaignTexts(wanted)).map((c) => c.campaignNumber));
  return new Map(
    wanted.map((c) => [c, { campaignNumber: c, url: held.has(c) ? ourCampaignPath(c) : nhtsaCampaignUrl(c) }]),
  );
}
