import fs from 'node:fs';
import path from 'node:path';

export const MAIL_DIR = path.resolve(import.meta.dirname, '../.artifacts/mail');

interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Waits for the newest email to an address (optionally with a subject) captured by the test SMTP server. */
export async function waitForMail(
  to: string,
  subject?: string,
  timeoutMs = 15_000,
): Promise<CapturedMail & { link: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = fs.existsSync(MAIL_DIR) ? fs.readdirSync(MAIL_DIR).sort().reverse() : [];
    for (const file of files) {
      const mail = JSON.parse(fs.readFileSync(path.join(MAIL_DIR, file), 'utf8')) as CapturedMail;
      if (mail.to?.toLowerCase().includes(to.toLowerCase()) && (!subject || mail.subject === subject)) {
        const link = mail.text.match(/https?:\/\/\S+/)?.[0];
        if (link) return { ...mail, link };
      }
    }
    if (Date.now() > deadline)
      throw new Error(`No email to ${to}${subject ? ` with subject "${subject}"` : ''}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
