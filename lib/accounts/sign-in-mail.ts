/**
 * The sign-in mail. The link opens a confirmation page (one button) rather than signing in on GET, so a mail
 * scanner that follows links cannot use up or use the token.
 */
import { config } from "../config";
import { sendMail } from "./mailer";

const signInLink = (token: string) =>
  `${config().publicBaseUrl}/dealers/sign-in/confirm?token=${encodeURIComponent(token)}`;

export async function sendSignInLink(email: string, token: string): Promise<void> {
  const link = signInLink(token);
  const minutes = config().accounts.magicLinkMinutes;
  // Sent after the sign-in page has answered (app/dealers/sign-in/actions.ts): the mailer logs the outcome.
  await sendMail(
    {
      to: email,
      subject: "Your vinscope sign-in link",
      text:
        `Sign in to your vinscope dealer account:\n\n${link}\n\n` +
        `The link works once, for ${minutes} minutes. If you did not ask for it, ignore this mail.\n`,
    },
    () => ({ signInLink: link }),
  );
}
