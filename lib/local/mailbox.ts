/**
 * The local mailbox: every mail the product would send (Cognito codes from cognito-host.ts,
 * invitations through its SES v2 SendEmail endpoint, sesSendEmail) is kept here, printed in the terminal and listed
 * on /_local/mailbox. Kept in a JSON file so it survives a restart.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export interface Mail {
  id: number;
  at: string;
  to: string;
  subject: string;
  text: string;
  /** The verification or reset code, when the mail carries one. */
  code?: string;
  source: string;
}

export class Mailbox {
  private mails: Mail[];

  constructor(
    private readonly file: string,
    private readonly verbose: boolean,
  ) {
    this.mails = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Mail[]) : [];
  }

  add(mail: Omit<Mail, 'id' | 'at'>): Mail {
    const stored: Mail = { id: (this.mails.at(-1)?.id ?? 0) + 1, at: new Date().toISOString(), ...mail };
    this.mails.push(stored);
    writeFileSync(this.file, JSON.stringify(this.mails, null, 2));
    if (this.verbose) {
      console.log(
        `\n📬 Mail to ${stored.to}: ${stored.subject}\n   ${stored.text}${stored.code ? `\n   Code: ${stored.code}` : ''}\n`,
      );
    }
    return stored;
  }

  /**
   * SES v2 SendEmail (POST <endpoint>/v2/email/outbound-emails), the subset our handlers use:
   * simple content, text and/or HTML body, To/Cc/Bcc. One stored mail per recipient. Answers what
   * SES answers: 200 with a MessageId, or 400 BadRequestException. Signatures are not checked.
   */
  sesSendEmail(raw: string): { status: number; headers: Record<string, string>; body: string } {
    const bad = (message: string) => ({
      status: 400,
      headers: { 'x-amzn-errortype': 'BadRequestException' },
      body: JSON.stringify({ message }),
    });
    let request: SesV2SendEmail;
    try {
      request = JSON.parse(raw) as SesV2SendEmail;
    } catch {
      return bad('Malformed JSON body.');
    }
    const simple = request.Content?.Simple;
    const to = [
      ...(request.Destination?.ToAddresses ?? []),
      ...(request.Destination?.CcAddresses ?? []),
      ...(request.Destination?.BccAddresses ?? []),
    ];
    if (!request.FromEmailAddress) return bad('FromEmailAddress is required.');
    if (!to.length) return bad('At least one recipient is required.');
    if (!simple?.Subject?.Data) return bad('Content.Simple.Subject is required.');
    const text = simple.Body?.Text?.Data ?? htmlToText(simple.Body?.Html?.Data ?? '');
    const messageId = `local-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
    // Our own code mails say "code is 123456", as Cognito's do: the mailbox shows the code apart.
    const code = /\bcode is (\d{6})\b/i.exec(text)?.[1];
    for (const address of to)
      this.add({
        to: address,
        subject: simple.Subject.Data,
        text,
        ...(code ? { code } : {}),
        source: `ses:${request.FromEmailAddress}`,
      });
    return { status: 200, headers: {}, body: JSON.stringify({ MessageId: messageId }) };
  }

  /** Newest first; optionally only the mails to one address. */
  list(to?: string): Mail[] {
    const wanted = to?.toLowerCase();
    return this.mails.filter((m) => !wanted || m.to.toLowerCase() === wanted).reverse();
  }

  html(): string {
    const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    const rows = this.list()
      .map(
        (
          m,
        ) => `<article><header><strong>${escape(m.subject)}</strong><span>to ${escape(m.to)} · ${escape(new Date(m.at).toLocaleString())}</span></header>
<p>${linkify(escape(m.text))}</p>${m.code ? `<p class="code">Code: <output>${escape(m.code)}</output></p>` : ''}</article>`,
      )
      .join('\n');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="refresh" content="5"><title>Local mailbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1f2933}
article{border:1px solid #cbd2d9;border-radius:8px;padding:1rem;margin:1rem 0}header{display:flex;flex-wrap:wrap;gap:.5rem 1rem;justify-content:space-between}
header span{color:#52606d}p{white-space:pre-line;overflow-wrap:anywhere}.code output{font-size:1.4rem;letter-spacing:.2rem;font-weight:700}</style></head>
<body><main><h1>Local mailbox</h1><p>Every mail the directory would send while running locally. This page refreshes every 5 seconds.</p>
${rows || '<p>No mail yet.</p>'}</main></body></html>`;
  }
}

interface SesV2SendEmail {
  FromEmailAddress?: string;
  Destination?: { ToAddresses?: string[]; CcAddresses?: string[]; BccAddresses?: string[] };
  Content?: { Simple?: { Subject?: { Data?: string }; Body?: { Text?: { Data?: string }; Html?: { Data?: string } } } };
}

/** Links in a mail (already escaped) become clickable, as a mail client shows them. */
const linkify = (escaped: string) => escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

const htmlToText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
