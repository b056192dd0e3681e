/**
 * A minimal SMTP server on loopback that accepts every message and keeps it (RFC 5321's happy path: EHLO,
 * MAIL, RCPT, DATA, QUIT; no TLS, no auth), standing in for the mail server in tests.
 *
 *   const smtp = await startSmtpCatcher();   // env: SMTP_URL: smtp.url
 *   const mail = await smtp.waitFor("dealer@example.com");
 */
import net from "node:net";

export interface CaughtMail {
  from: string;
  to: string[];
  data: string;
}

export interface SmtpCatcher {
  url: string;
  mails: CaughtMail[];
  waitFor(to: string, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

/** `greetingDelayMs`: how long the server waits before its greeting (a slow mail server). */
export async function startSmtpCatcher(opts: { greetingDelayMs?: number } = {}): Promise<SmtpCatcher> {
  const mails: CaughtMail[] = [];
  const taken = new Set<CaughtMail>();
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.setEncoding("utf8");
    let buffer = "";
    let inData = false;
    let current: CaughtMail = { from: "", to: [], data: "" };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    const greet = () => !socket.destroyed && reply("220 catcher ESMTP");
    if (opts.greetingDelayMs) setTimeout(greet, opts.greetingDelayMs);
    else greet();
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end === -1) return;
          current.data = buffer.slice(0, end).replace(/\r\n\.\./g, "\r\n.");
          buffer = buffer.slice(end + 5);
          inData = false;
          mails.push(current);
          current = { from: "", to: [], data: "" };
          reply("250 OK queued");
          continue;
        }
        const eol = buffer.indexOf("\r\n");
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO") socket.write("250-catcher\r\n250 8BITMIME\r\n");
        else if (verb === "HELO") reply("250 catcher");
        else if (verb === "MAIL") {
          current.from = /<([^>]*)>/.exec(line)?.[1] ?? "";
          reply("250 OK");
        } else if (verb === "RCPT") {
          current.to.push(/<([^>]*)>/.exec(line)?.[1] ?? "");
          reply("250 OK");
        } else if (verb === "DATA") {
          inData = true;
          reply("354 End data with <CR><LF>.<CR><LF>");
        } else if (verb === "QUIT") {
          reply("221 Bye");
          socket.end();
        } else if (verb === "RSET") reply("250 OK");
        else reply("250 OK");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(to, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        // The first mail to `to` not handed out before (it may have arrived before the call).
        const found = mails.find((m) => m.to.includes(to) && !taken.has(m)) ?? null;
        if (found) {
          taken.add(found);
          return found;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The sign-in link in a caught mail (quoted-printable soft breaks undone). */
export function signInLinkIn(mail: CaughtMail): string {
  const text = mail.data.replace(/=\r\n/g, "").replace(/=3D/g, "=");
  const match = /https?:\/\/\S+\/dealers\/sign-in\/confirm\?token=[A-Za-z0-9%_-]+/.exec(text);
  if (!match) throw new Error(`no sign-in link in mail:\n${mail.data}`);
  return match[0];
}
