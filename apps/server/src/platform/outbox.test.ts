import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../testing/app.ts';
import { ConfigError, loadConfig } from './config.ts';
import {
  HttpSmsProvider,
  listOutbox,
  type MessageProvider,
  Messenger,
  OutboxProvider,
  type OutgoingMessage,
  SmtpEmailProvider,
} from './outbox.ts';

const sms: OutgoingMessage = {
  merchantCode: 'AURUM',
  channel: 'sms',
  recipient: '+639171234567',
  body: 'Your Aurum code is 123456. It expires in 5 minutes.',
};

describe('outbox provider', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb('pglite');
  });
  afterAll(async () => db.drop());

  it('keeps messages, newest first, filtered by recipient', async () => {
    const outbox = new OutboxProvider(db.database);
    await outbox.send(sms);
    await outbox.send({ ...sms, channel: 'email', recipient: 'a@example.com', subject: 'Hi', body: 'Hello' });
    const all = await listOutbox(db.database, 'AURUM', { limit: 10 });
    expect(all.map((m) => m.recipient)).toEqual(['a@example.com', '+639171234567']);
    expect(await listOutbox(db.database, 'AURUM', { to: '+639171234567', limit: 10 })).toMatchObject([
      { channel: 'sms', subject: null, body: sms.body },
    ]);
    expect(await listOutbox(db.database, 'OTHER', { limit: 10 })).toEqual([]);
  });

  it('routes each channel to its provider', async () => {
    const seen: string[] = [];
    const spy = (name: string): MessageProvider => ({
      send: async (m) => void seen.push(`${name}:${m.recipient}`),
    });
    const messenger = new Messenger(spy('sms'), spy('email'));
    await messenger.send(sms);
    await messenger.send({ ...sms, channel: 'email', recipient: 'a@example.com' });
    expect(seen).toEqual(['sms:+639171234567', 'email:a@example.com']);
  });
});

describe('HTTP SMS provider', () => {
  const received: { body: string; auth: string | undefined }[] = [];
  let status = 200;
  const server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ body, auth: req.headers.authorization });
      res.statusCode = status;
      res.end('{}');
    });
  });
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('posts the template with JSON-escaped values', async () => {
    const provider = new HttpSmsProvider(
      url,
      '{"msisdn":"{to}","message":"{text}","from":"AURUM"}',
      'Key abc',
    );
    await provider.send({ ...sms, body: 'Quote " and \\ and\nnewline' });
    const last = received.at(-1)!;
    expect(JSON.parse(last.body)).toEqual({
      msisdn: '+639171234567',
      message: 'Quote " and \\ and\nnewline',
      from: 'AURUM',
    });
    expect(last.auth).toBe('Key abc');
  });

  it('fails when the gateway does', async () => {
    status = 500;
    await expect(new HttpSmsProvider(url).send(sms)).rejects.toThrow(/500/);
    status = 200;
  });
});

describe('SMTP email provider', () => {
  it('hands the message to the transport', async () => {
    const transport = nodemailer.createTransport({ jsonTransport: true });
    const provider = new SmtpEmailProvider(transport, 'Aurum <no-reply@aurum.example>');
    const sent: unknown[] = [];
    transport.on('idle', () => undefined);
    const original = transport.sendMail.bind(transport);
    transport.sendMail = (async (mail: object) => {
      const info = await original(mail as never);
      sent.push(JSON.parse((info as unknown as { message: string }).message));
      return info;
    }) as typeof transport.sendMail;
    await provider.send({
      ...sms,
      channel: 'email',
      recipient: 'a@example.com',
      subject: 'Reset',
      body: 'Code X',
    });
    expect(sent[0]).toMatchObject({ subject: 'Reset', text: 'Code X', to: [{ address: 'a@example.com' }] });
  });
});

describe('messaging configuration', () => {
  it('accepts the provider settings and refuses bad ones', () => {
    const ok = loadConfig({
      SMS_HTTP_URL: 'https://sms.example/send',
      SMS_HTTP_TEMPLATE: '{"to":"{to}","text":"{text}"}',
      SMTP_URL: 'smtps://user:pass@mail.example:465',
      SMTP_FROM: 'no-reply@aurum.example',
    });
    expect(ok.SMS_HTTP_URL).toBe('https://sms.example/send');
    expect(() =>
      loadConfig({ SMS_HTTP_URL: 'ftp://x', SMS_HTTP_TEMPLATE: '{}', SMTP_URL: 'http://x' }),
    ).toThrow(ConfigError);
  });
});
