import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  /** Set for an image the HTML shows inline (`<img src="cid:…">`). */
  cid?: string;
}

export interface MailMessage {
  /** The sender; the mailer's own (MAIL_FROM) when absent. */
  from?: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Sends through SMTP when MAIL_URL is set; otherwise nodemailer renders the complete RFC 822
 * message and it is written to the outbox folder, where a developer (or a test) can open it.
 */
export function createMailer(options: { from: string; url: string; outbox: string }): Mailer {
  if (options.url) {
    // Bounded waits: a stuck SMTP server keeps a mail queued for its next attempt, never a worker forever.
    const transport: Transporter = nodemailer.createTransport(options.url, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
    return { send: async (m) => void (await transport.sendMail({ from: options.from, ...m })) };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    async send(m) {
      const info = await transport.sendMail({ from: options.from, ...m });
      mkdirSync(options.outbox, { recursive: true });
      sequence += 1;
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${sequence}.eml`;
      writeFileSync(join(options.outbox, name), info.message as Buffer);
    },
  };
}

/** A mailer that sends with `sender()` as the From of every message that names none (the back office's setting). */
export function withSender(mailer: Mailer, sender: () => string): Mailer {
  return { send: (m) => mailer.send(m.from ? m : { ...m, from: sender() }) };
}
