import nodemailer from 'nodemailer';
import type { ServerConfig } from './config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** What the routes need from e-mail: tests pass a fake, production a nodemailer transport. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * An SMTP mailer from SMTP_URL (e.g. smtp://user:pass@mail.example:587, smtps://… for implicit TLS; nodemailer
 * reads options such as ?ignoreTLS=true from the query), or null when no SMTP server is configured: the reset
 * link is then answered for display (spec part 1 point 7).
 */
export function createMailer(config: Pick<ServerConfig, 'smtpUrl' | 'mailFrom'>): Mailer | null {
  if (!config.smtpUrl) return null;
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from: config.mailFrom, ...message });
    },
  };
}
