/**
 * The daily email digest: for each dealer account that turned it on (account page), the recall.opened events of
 * its watched VINs and vehicles since the last digest, in one mail through the sign-in mail set-up (SMTP_URL). An account with
 * nothing new gets no mail. The digest moves on (sentUntil) only when the mail was handed over (or, without
 * SMTP_URL, written to the log), so a mail server outage delays a digest instead of losing it.
 */
import { sendMail } from "../accounts/mailer";
import { config } from "../config";
import { db } from "../db";
import { log } from "../log";
import { campaignTexts } from "../recalls";
import { displayMake, slugify } from "../vehicle";
import { RECALL_OPENED } from "./event-body";

/** Lines one digest lists; more are counted and left to the account page and the API. */
const MAX_LINES = 200;

export async function digestEnabled(accountId: string): Promise<boolean> {
  return (await db().alertDigest.findUnique({ where: { accountId } }))?.enabled ?? false;
}

/** Turns the account's digest on (from now: earlier events are not mailed) or off. */
export async function setDigest(accountId: string, enabled: boolean, now = new Date()): Promise<void> {
  await db().alertDigest.upsert({
    where: { accountId },
    create: { accountId, enabled, sentUntil: now },
    update: enabled ? { enabled, sentUntil: now } : { enabled },
  });
}

export interface DigestRun {
  accounts: number;
  mailed: number;
  events: number;
}

export async function sendDigests(now = new Date()): Promise<DigestRun> {
  const digests = await db().alertDigest.findMany({ where: { enabled: true } });
  const run: DigestRun = { accounts: digests.length, mailed: 0, events: 0 };
  for (const digest of digests) {
    const events = await db().alertEvent.findMany({
      where: { accountId: digest.accountId, type: RECALL_OPENED, createdAt: { gt: digest.sentUntil, lte: now } },
      orderBy: [{ campaignNumber: "asc" }, { vin: "asc" }],
      take: MAX_LINES + 1,
    });
    if (events.length === 0) continue;
    const account = await db().dealerAccount.findUnique({ where: { id: digest.accountId } });
    if (!account || account.status === "cancelled") continue;
    const total =
      events.length > MAX_LINES
        ? await db().alertEvent.count({
            where: { accountId: digest.accountId, type: RECALL_OPENED, createdAt: { gt: digest.sentUntil, lte: now } },
          })
        : events.length;
    const shown = events.slice(0, MAX_LINES);
    const texts = new Map(
      (await campaignTexts([...new Set(shown.map((e) => e.campaignNumber!))])).map((c) => [c.campaignNumber, c]),
    );
    const { publicBaseUrl } = config();
    const lines = shown.map((e) => {
      const c = texts.get(e.campaignNumber!);
      const flags = [c?.parkIt ? "DO NOT DRIVE" : "", c?.parkOutside ? "PARK OUTSIDE" : ""].filter(Boolean).join(", ");
      const vehicle = `${e.year} ${displayMake(e.make ?? "")} ${e.model}`;
      // A watched VIN, or a watched year/make/model (no VIN: the vehicle's recall page).
      const [what, link] = e.vin
        ? [`${e.vin} (${vehicle})`, `${publicBaseUrl}/vin/${e.vin}`]
        : [
            `${vehicle} (watched vehicle)`,
            `${publicBaseUrl}/recalls/${e.year}/${slugify(e.make ?? "")}/${slugify(e.model ?? "")}`,
          ];
      return `- ${what}: campaign ${e.campaignNumber}, ${c?.component ?? "component not given"}${flags ? ` [${flags}]` : ""}\n  ${link}`;
    });
    const outcome = await sendMail(
      {
        to: account.email,
        // "Vehicles": the lines name watched VINs and watched years/makes/models alike.
        subject: `vinscope: ${total} new recall${total === 1 ? "" : "s"} for your watched vehicles`,
        text:
          `New NHTSA recall campaigns cover ${total === 1 ? "one of your watched vehicles" : "your watched vehicles"} since the last digest:\n\n` +
          `${lines.join("\n")}\n` +
          (total > shown.length ? `\n…and ${total - shown.length} more: see ${publicBaseUrl}/dealers/account.\n` : "") +
          `\nTurn this daily mail off on your account page: ${publicBaseUrl}/dealers/account\n`,
      },
      () => ({ digest: { accountId: digest.accountId, events: total } }),
      "recall digest",
    );
    if (outcome.delivered === false) continue;
    await db().alertDigest.update({ where: { accountId: digest.accountId }, data: { sentUntil: now } });
    run.mailed++;
    run.events += total;
  }
  if (run.mailed) log().info(run, "recall digests mailed");
  return run;
}
