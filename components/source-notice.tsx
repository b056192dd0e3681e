// One calm notice per page for everything its outside sources could not supply: which sources this server
// gets no answer from (or is set up to work without), what is therefore missing or older, and what that means.
// The sections it covers fold into it instead of each showing a box of its own. Its words come from the one
// presenter of section statuses (lib/sources/present.ts), so the pages, the feed and MCP say the same; internal
// reason codes stay in the JSON answers. `data-source-notice` marks it: a page shows at most one.
import { presentNotice, type NoticeSection } from "@/lib/sources";

export function SourceNotice({ sections }: { sections: NoticeSection[] }) {
  const notice = presentNotice(sections);
  if (!notice) return null;
  return (
    <section
      className="notice notice-info"
      aria-labelledby="source-notice-heading"
      data-testid="source-notice"
      data-source-notice=""
    >
      <h2 id="source-notice-heading" className="notice-title">
        {notice.heading}
      </h2>
      {notice.lines.map((line) => (
        <p key={line.key} data-testid={`source-notice-${line.key}`}>
          {line.text}
        </p>
      ))}
      {notice.checkAt.map((c) => (
        <p key={c.what}>
          Not shown does not mean none: check {c.what} for this vehicle at <a href={c.url}>{c.label}</a>.
        </p>
      ))}
      {notice.leavesOut ? <p>Everything else on this page comes from data this server holds.</p> : null}
    </section>
  );
}
