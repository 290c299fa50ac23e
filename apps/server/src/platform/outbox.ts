import { and, desc, eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { outbox } from '../db/schema.ts';
import type { Database } from './db.ts';

export type Channel = 'sms' | 'email';

export interface OutgoingMessage {
  merchantCode: string;
  channel: Channel;
  /** E.164 number or email address. */
  recipient: string;
  subject?: string;
  body: string;
}

/** Something that delivers a message, or fails by throwing. */
export interface MessageProvider {
  send(message: OutgoingMessage): Promise<void>;
}

/**
 * The default provider: messages are kept in the outbox table, where operators (`npm run ops --
 * outbox`) and tests read them. Nothing leaves the machine.
 */
export class OutboxProvider implements MessageProvider {
  constructor(private readonly database: Database) {}

  async send(m: OutgoingMessage): Promise<void> {
    await this.database.db.insert(outbox).values({
      merchantCode: m.merchantCode,
      channel: m.channel,
      recipient: m.recipient,
      subject: m.subject ?? null,
      body: m.body,
    });
  }
}

const SMS_TIMEOUT_MS = 10_000;
export const DEFAULT_SMS_TEMPLATE = '{"to":"{to}","text":"{text}"}';

/**
 * An SMS gateway reached by HTTP POST. The body is a template with {to} and {text}, filled with
 * JSON-escaped values, so one template works for most JSON gateways.
 */
export class HttpSmsProvider implements MessageProvider {
  constructor(
    private readonly url: string,
    private readonly template: string = DEFAULT_SMS_TEMPLATE,
    private readonly authorization?: string,
  ) {}

  async send(m: OutgoingMessage): Promise<void> {
    const jsonEscape = (v: string) => JSON.stringify(v).slice(1, -1);
    const body = this.template
      .replaceAll('{to}', jsonEscape(m.recipient))
      .replaceAll('{text}', jsonEscape(m.body));
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.authorization) headers.authorization = this.authorization;
    const res = await fetch(this.url, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`the SMS gateway answered ${res.status}`);
  }
}

/** Email through SMTP (SMTP_URL, e.g. smtps://user:pass@mail.example:465). */
export class SmtpEmailProvider implements MessageProvider {
  constructor(
    private readonly transport: Transporter,
    private readonly from: string,
  ) {}

  static fromUrl(url: string, from: string): SmtpEmailProvider {
    return new SmtpEmailProvider(nodemailer.createTransport(url), from);
  }

  async send(m: OutgoingMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: m.recipient,
      subject: m.subject ?? '',
      text: m.body,
    });
  }
}

export interface MessagingConfig {
  SMS_HTTP_URL?: string | undefined;
  SMS_HTTP_TEMPLATE?: string | undefined;
  SMS_HTTP_AUTHORIZATION?: string | undefined;
  SMTP_URL?: string | undefined;
  SMTP_FROM?: string | undefined;
}

/** Sends each channel through its configured provider, the outbox when none is. */
export class Messenger implements MessageProvider {
  constructor(
    private readonly sms: MessageProvider,
    private readonly email: MessageProvider,
  ) {}

  static create(config: MessagingConfig, database: Database): Messenger {
    const fallback = new OutboxProvider(database);
    const sms = config.SMS_HTTP_URL
      ? new HttpSmsProvider(config.SMS_HTTP_URL, config.SMS_HTTP_TEMPLATE, config.SMS_HTTP_AUTHORIZATION)
      : fallback;
    const email = config.SMTP_URL
      ? SmtpEmailProvider.fromUrl(config.SMTP_URL, config.SMTP_FROM ?? 'no-reply@localhost')
      : fallback;
    return new Messenger(sms, email);
  }

  send(m: OutgoingMessage): Promise<void> {
    return (m.channel === 'sms' ? this.sms : this.email).send(m);
  }
}

export interface OutboxEntry {
  id: number;
  channel: Channel;
  recipient: string;
  subject: string | null;
  body: string;
  createdAt: string;
}

/** Recent outbox messages of a merchant, newest first, optionally for one recipient. */
export async function listOutbox(
  database: Database,
  merchantCode: string,
  opts: { to?: string | undefined; limit: number },
): Promise<OutboxEntry[]> {
  const where = opts.to
    ? and(eq(outbox.merchantCode, merchantCode), eq(outbox.recipient, opts.to))
    : eq(outbox.merchantCode, merchantCode);
  const rows = await database.db
    .select()
    .from(outbox)
    .where(where)
    .orderBy(desc(outbox.id))
    .limit(opts.limit);
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    recipient: r.recipient,
    subject: r.subject,
    body: r.body,
    createdAt: r.createdAt.toISOString(),
  }));
}
