/**
 * Submits a page's form the way a browser without JavaScript does (Next.js server actions are progressively
 * enhanced: the server-rendered form carries the action's hidden fields and posts multipart/form-data to the
 * page). With a small cookie jar, tests drive the dealer pages over plain HTTP.
 */
const unescape = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

export interface HtmlForm {
  hidden: Record<string, string>;
}

/** The forms of a page, each with its hidden inputs (name → value). */
function formsIn(html: string): HtmlForm[] {
  return [...html.matchAll(/<form\b[^>]*>([\s\S]*?)<\/form>/g)].map((m) => {
    const hidden: Record<string, string> = {};
    for (const input of m[1].matchAll(/<input\b[^>]*type="hidden"[^>]*>/g)) {
      const name = /name="([^"]*)"/.exec(input[0])?.[1];
      const value = /value="([^"]*)"/.exec(input[0])?.[1] ?? "";
      if (name) hidden[unescape(name)] = unescape(value);
    }
    return { hidden };
  });
}

/** The form whose hidden fields include all of `match` (e.g. { intent: "rotate", keyId }). */
export function findForm(html: string, match: Record<string, string> = {}, index = 0): HtmlForm {
  const found = formsIn(html).filter((f) => Object.entries(match).every(([k, v]) => f.hidden[k] === v));
  if (!found[index]) throw new Error(`no form with ${JSON.stringify(match)} on the page`);
  return found[index];
}

export class Browser {
  readonly cookies = new Map<string, string>();
  constructor(readonly base: string) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private keep(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim())) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async get(path: string): Promise<Response> {
    const res = await fetch(new URL(path, this.base), { headers: { cookie: this.cookieHeader() }, redirect: "manual" });
    this.keep(res);
    return res;
  }

  /** Posts a form of the page at `path` with `fields` filled in; follows no redirect (the caller sees it). */
  async submit(
    path: string,
    form: HtmlForm,
    fields: Record<string, string> = {},
    origin = this.base,
  ): Promise<Response> {
    const body = new FormData();
    for (const [k, v] of Object.entries({ ...form.hidden, ...fields })) body.append(k, v);
    const res = await fetch(new URL(path, this.base), {
      method: "POST",
      body,
      headers: { cookie: this.cookieHeader(), origin: new URL(origin).origin },
      redirect: "manual",
    });
    this.keep(res);
    return res;
  }
}

/**
 * A page's HTML closer to how its text reads: React's text-joining comments removed and apostrophes decoded.
 * (`&quot;` stays, so the result still parses with findForm.)
 */
export const readable = async (res: Response): Promise<string> =>
  (await res.text()).replace(/<!-- -->/g, "").replace(/&#x27;/g, "'");
