/** Steps the dealer specs share: start a trial, and sign in through the link the e2e app mails. */
import { expect, type Page } from "@playwright/test";

/** The e2e app's loopback SMTP catcher answers on E2E_PORT + 1 (tests/support/e2e-server.ts). */
const mailbox = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3999) + 1}`;

/** Fills the dealer page's trial form and returns the API key it shows once. */
export async function startTrial(page: Page, trial: { name: string; email: string }): Promise<string> {
  await page.goto("/dealers");
  await page.getByLabel("Dealership name").fill(trial.name);
  await page.getByLabel("Work email").fill(trial.email);
  await page.getByLabel("Rooftop (city, state)").fill("Omaha, NE");
  await page.getByRole("button", { name: "Start 14-day trial" }).click();
  await expect(page.getByTestId("api-key")).toBeVisible();
  return (await page.getByTestId("api-key").textContent())!.trim();
}

/** Asks for a sign-in link, reads it from the mailbox, follows it and signs in: ends on the account page. */
export async function signInByMailedLink(page: Page, email: string): Promise<void> {
  await page.goto("/dealers/sign-in");
  await page.getByLabel("Account email").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByTestId("link-sent")).toBeVisible();
  let link = "";
  await expect
    .poll(async () => {
      const mails = (await (await fetch(`${mailbox}/?to=${encodeURIComponent(email)}`)).json()) as { data: string }[];
      const text = (mails.at(-1)?.data ?? "").replace(/=\r\n/g, "").replace(/=3D/g, "=");
      link = /https?:\/\/\S+\/dealers\/sign-in\/confirm\?token=[A-Za-z0-9]+/.exec(text)?.[0] ?? "";
      return link;
    })
    .not.toBe("");
  await page.goto(link);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dealers\/account$/);
}
