import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { Logger } from '../log';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where an answer goes when it is not the sender (a buyer's address on an inquiry); nodemailer encodes the name. */
  replyTo?: { name: string; address: string };
  /** The link the mail is about, logged when mail is only written to disk so nobody is stuck. */
  link?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise each message is written to DATA_DIR/mail as an .eml file. */
export function createMailer(config: Config['mail'], log: Logger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(mail) {
        const info = await transport.sendMail({ from: config.from, ...mail });
        log.info({ to: mail.to, subject: mail.subject, messageId: info.messageId }, 'mail sent');
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: config.from, ...mail });
      await fs.mkdir(config.dir, { recursive: true });
      const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = path.join(config.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      log.info({ to: mail.to, subject: mail.subject, file, link: mail.link }, 'mail written to disk');
    },
  };
}
