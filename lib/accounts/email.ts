/**
 * The key of "one trial per dealer": an email reduced to the mailbox that receives it. Case is ignored
 * everywhere; dots and `+tags` only where the provider ignores them (Gmail drops dots and +tags; Outlook,
 * iCloud, Fastmail and Proton drop +tags only). Elsewhere a dot or a plus may be part of a
 * different mailbox, so it is kept: a false "already has a trial" would lock a real dealer out.
 */
const DOTS_AND_TAGS = new Set(["gmail.com", "googlemail.com"]);
const TAGS_ONLY = new Set([
  "outlook.com",
  "hotmail.com",
  "live.com",
  "msn.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "fastmail.com",
  "fastmail.fm",
  "proton.me",
  "protonmail.com",
  "pm.me",
]);

export function normaliseEmail(email: string): string {
  const trimmed = email.trim().toLowerCase();
  const at = trimmed.lastIndexOf("@");
  if (at <= 0) return trimmed;
  let local = trimmed.slice(0, at);
  let domain = trimmed.slice(at + 1).replace(/\.+$/, "");
  if (domain === "googlemail.com") domain = "gmail.com";
  if (DOTS_AND_TAGS.has(domain)) {
    local = local.replace(/\+.*$/, "").replace(/\./g, "");
  } else if (TAGS_ONLY.has(domain)) {
    local = local.replace(/\+.*$/, "");
  }
  return `${local}@${domain}`;
}
