/**
 * The daily email digest: for each dealer account that turned it on (account page), the events of its watched VINs
 * and vehicles since the last digest (recalls in the US and Canada, defect investigations), in one mail through
 * the sign-in mail set-up (SMTP_URL). An account with nothing new gets no mail. The digest moves on (sentUntil)
 * only when the mail was handed over (or, without SMTP_URL, written to the log), so a mail server outage delays a
 * digest instead of losing it.
 */
import { sendMail } from "../accounts/mailer";
import { config } from "../config";
import { db } from "../db";
import { log } from "../log";
import { digestLine, INVESTIGATION_OPENED, RECALL_OPENED } from "./event-body";
import { subjectsOf } from "./event-subjects";

/** The events a digest lists: what opened for a watched vehicle. */
const LISTED = { in: [RECALL_OPENED, INVESTIGATION_OPENED] };

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

/**
 * What the events are, in words: "recall", "recalls", "defect investigation (not a recall)", "recalls and defect
 * investigations" (also when only some of them are listed, so their kinds are not all known).
 */
function what(events: { type: string }[], total: number): string {
  const investigations = events.filter((e) => e.type === INVESTIGATION_OPENED).length;
  const one = total === 1;
  if (total === events.length && investigations === 0) return one ? "recall" : "recalls";
  if (total === events.length && investigations === total)
    return one ? "defect investigation (not a recall)" : "defect investigations (not recalls)";
  return "recalls and defect investigations";
}

export async function sendDigests(now = new Date()): Promise<DigestRun> {
  const digests = await db().alertDigest.findMany({ where: { enabled: true } });
  const run: DigestRun = { accounts: digests.length, mailed: 0, events: 0 };
  for (const digest of digests) {
    const events = await db().alertEvent.findMany({
      where: { accountId: digest.accountId, type: LISTED, createdAt: { gt: digest.sentUntil, lte: now } },
      // Recalls first (recall.opened sorts after investigation.opened), then by number and VIN.
      orderBy: [{ type: "desc" }, { campaignNumber: "asc" }, { vin: "asc" }],
      take: MAX_LINES + 1,
    });
    if (events.length === 0) continue;
    const account = await db().dealerAccount.findUnique({ where: { id: digest.accountId } });
    if (!account || account.status === "cancelled") continue;
    const total =
      events.length > MAX_LINES
        ? await db().alertEvent.count({
            where: { accountId: digest.accountId, type: LISTED, createdAt: { gt: digest.sentUntil, lte: now } },
          })
        : events.length;
    const shown = events.slice(0, MAX_LINES);
    const subjectOf = await subjectsOf(shown);
    const { publicBaseUrl } = config();
    const lines = shown.flatMap((e) => {
      const subject = subjectOf(e);
      return subject ? [digestLine(e, subject, publicBaseUrl)] : [];
    });
    const outcome = await sendMail(
      {
        to: account.email,
        // "Vehicles": the lines name watched VINs and watched years/makes/models alike.
        subject: `vinscope: ${total} new ${what(shown, total)} for your watched vehicles`,
        text:
          `New ${what(shown, total)} since the last digest:\n\n` +
          `${lines.join("\n")}\n` +
          (total > shown.length ? `\n…and ${total - shown.length} more: see ${publicBaseUrl}/dealers/account.\n` : "") +
          `\nTurn this daily mail off on your account page: ${publicBaseUrl}/dealers/account\n`,
      },
      () => ({ digest: { accountId: digest.accountId, events: total } }),
      "alert digest",
    );
    if (outcome.delivered === false) continue;
    await db().alertDigest.update({ where: { accountId: digest.accountId }, data: { sentUntil: now } });
    run.mailed++;
    run.events += total;
  }
  if (run.mailed) log().info(run, "alert digests mailed");
  return run;
}
