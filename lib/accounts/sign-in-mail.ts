/**
 * The sign-in mail. The link opens a confirmation page (one button) rather than signing in on GET, so a mail
 * scanner that follows links cannot use up or use the token.
 */
import { config } from "../config";
import { boundedCache } from "../outside";
import { sendMail, type MailOutcome } from "./mailer";

const signInLink = (token: string) =>
  `${config().publicBaseUrl}/dealers/sign-in/confirm?token=${encodeURIComponent(token)}`;

/**
 * The outcome of the last send, per email, for the page that asked (set during auth.api.signInMagicLink and
 * read right after it). Bounded: an outcome nobody reads (a send that failed before its page read it) ages out.
 */
const lastOutcome = boundedCache<MailOutcome>(10_000, 5 * 60_000);

export async function sendSignInLink(email: string, token: string): Promise<void> {
  const link = signInLink(token);
  const minutes = config().accounts.magicLinkMinutes;
  const outcome = await sendMail(
    {
      to: email,
      subject: "Your vinscope sign-in link",
      text:
        `Sign in to your vinscope dealer account:\n\n${link}\n\n` +
        `The link works once, for ${minutes} minutes. If you did not ask for it, ignore this mail.\n`,
    },
    () => ({ signInLink: link }),
  );
  lastOutcome.set(email, outcome);
}

/** Reads and forgets the outcome of the send just made for this email. */
export function takeSendOutcome(email: string): MailOutcome | undefined {
  const outcome = lastOutcome.get(email);
  lastOutcome.delete(email);
  return outcome;
}
