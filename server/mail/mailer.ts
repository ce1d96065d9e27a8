import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
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
    const transport: Transporter = nodemailer.createTransport(options.url);
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
