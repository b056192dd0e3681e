/**
 * Outgoing mail (sign-in links) through SMTP_URL with nodemailer, behind a deadline and the "smtp" breaker.
 * Without SMTP_URL nothing is sent: the link is written to the server log instead (so `npm start` works on a
 * fresh machine) and the caller tells the user where to look.
 *
 * A link sent by mail is never logged; only the recipient's domain is.
 */
import nodemailer, { type Transporter } from "nodemailer";
import { config } from "../config";
import { log } from "../log";
import { breakerFor, withDeadline } from "../outside";

export type MailOutcome = { delivered: "smtp" } | { delivered: "log" } | { delivered: false; reason: string };

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

let transport: { url: string; transporter: Transporter } | undefined;

function transporter(url: string): Transporter {
  if (transport?.url !== url) {
    const timeout = config().accounts.smtpTimeoutMs;
    transport = {
      url,
      transporter: nodemailer.createTransport(url, {
        connectionTimeout: timeout,
        greetingTimeout: timeout,
        socketTimeout: timeout,
      } as never),
    };
  }
  return transport.transporter;
}

export const mailConfigured = (): boolean => config().accounts.smtpUrl !== null;

/** `what` names the mail in the log ("sign-in link", "recall digest"); the mail itself is never logged when sent. */
export async function sendMail(
  mail: Mail,
  logFallback: () => Record<string, unknown>,
  what = "sign-in link",
): Promise<MailOutcome> {
  const { smtpUrl, mailFrom, smtpTimeoutMs } = config().accounts;
  const domain = mail.to.slice(mail.to.lastIndexOf("@") + 1);
  if (!smtpUrl) {
    // The documented no-SMTP mode: the operator reads the link from the log.
    log().warn({ to: mail.to, ...logFallback() }, `SMTP_URL is not set: ${what} written to the log instead of mailed`);
    return { delivered: "log" };
  }
  const outcome = await breakerFor("smtp").run<MailOutcome>(
    async () => {
      try {
        await withDeadline("SMTP", smtpTimeoutMs, () => transporter(smtpUrl).sendMail({ from: mailFrom, ...mail }));
        return { delivered: "smtp" };
      } catch (error) {
        return { delivered: false, reason: error instanceof Error ? error.message : String(error) };
      }
    },
    {
      failed: (o) => o.delivered === false,
      open: () => ({ delivered: false, reason: "mail server failing repeatedly; resting" }),
    },
  );
  if (outcome.delivered === false) log().error({ toDomain: domain, reason: outcome.reason }, `${what} mail not sent`);
  else log().info({ toDomain: domain }, `${what} mail sent`);
  return outcome;
}
