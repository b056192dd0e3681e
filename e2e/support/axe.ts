/**
 * axe (`@axe-core/playwright`) as every spec runs it: the WCAG 2.1 A/AA rules and axe's best practices, plus one
 * rule no tag turns on, run in the page itself.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * WCAG 2.5.3 (label in name): axe checks it with an experimental rule that no tag turns on, so it is named here;
 * a link whose name does not contain its visible text ("California: 12 deals" on a tile reading "CA 12") cannot
 * be reached by saying what it shows.
 */
const EXTRA_RULES = { "label-content-name-mismatch": { enabled: true } };

/**
 * An AxeBuilder for `page`. Legacy mode runs `axe.run` in the page; the default opens a blank page for every check
 * to merge the results of cross-origin frames, which our pages do not have, and that doubled each check's time
 * (1.1 s → 2.8 s on the home page, 3.2 → 5.7 s on a make's page; the same violations and passes either way).
 */
export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ rules: EXTRA_RULES })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]);
}

/** axe with only the named rules, run in the page as `axe` is. */
export function axeRules(page: Page, rules: string[]): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true).withRules(rules);
}
