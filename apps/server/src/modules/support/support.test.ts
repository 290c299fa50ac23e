import type { AddressInfo } from 'node:net';
import {
  type ErrorCode,
  failureEnvelopeSchema,
  type MemberMessage,
  type RealtimeServerMessage,
  routes,
} from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type App, buildApp } from '../../app.ts';
import { type Database, openDatabase } from '../../platform/db.ts';
import {
  createTestDb,
  DEMO_MERCHANT,
  type Engine,
  engines,
  nextIp,
  OPS_TOKEN,
  opsCommand,
  setMerchantConfig,
  siteHeaders,
  type TestDb,
  testConfig,
} from '../../testing/app.ts';
import { pngDataUrl, polyglots, storedFileCount } from '../../testing/images.ts';
import { addMember, addTrial } from '../games/testing.ts';

const WAIT_MS = 3_000;

type Res = { statusCode: number; json(): unknown; body: string };

const png = (size = 200) => pngDataUrl(size);
const notAnImage = `data:image/png;base64,${Buffer.from('just some text, not an image').toString('base64')}`;

async function startApp(database: Database) {
  const app = await buildApp({
    config: testConfig(),
    database,
    opsToken: OPS_TOKEN,
    serveWeb: false,
    logger: false,
    realtime: { authTimeoutMs: 1_000, eventCheckMs: 0, sessionCheckMs: 3_600_000 },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, url: `ws://127.0.0.1:${port}/ws`, origin: `http://127.0.0.1:${port}` };
}

/** A signed-in browser socket: every message in order. */
class Socket {
  readonly messages: RealtimeServerMessage[] = [];
  private waiters: (() => void)[] = [];
  readonly ws: WebSocket;

  constructor(url: string, origin: string) {
    this.ws = new WebSocket(url, { origin });
    this.ws.on('message', (data) => {
      this.messages.push(JSON.parse(data.toString()));
      for (const w of this.waiters.splice(0)) w();
    });
  }

  static async open(url: string, origin: string, token: string) {
    const s = new Socket(url, origin);
    await new Promise((resolve, reject) => {
      s.ws.once('open', resolve);
      s.ws.once('error', reject);
    });
    s.ws.send(JSON.stringify({ type: 'auth', merchant: DEMO_MERCHANT, token }));
    await s.next('ready');
    return s;
  }

  async next<T extends RealtimeServerMessage['type']>(
    type: T,
    match: (m: Extract<RealtimeServerMessage, { type: T }>) => boolean = () => true,
  ): Promise<Extract<RealtimeServerMessage, { type: T }>> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const found = this.messages.find(
        (m): m is Extract<RealtimeServerMessage, { type: T }> =>
          m.type === type && match(m as Extract<RealtimeServerMessage, { type: T }>),
      );
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${type} message; got ${JSON.stringify(this.messages)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}

describe.each(engines)('support on %s', (engine: Engine) => {
  let db: TestDb;
  let app: App;
  let url: string;
  let origin: string;
  const sockets: Socket[] = [];
  let alice: { id: number; account: string; token: string };
  let bob: { id: number; account: string; token: string };

  const send = (method: 'GET' | 'POST' | 'PUT', path: string, token: string | null, payload?: unknown) =>
    app.inject({
      method,
      url: path,
      headers: siteHeaders(token ? { authorization: token } : {}),
      remoteAddress: nextIp(),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const ok = <T>(res: Res) => {
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { value: T }).value;
  };
  const failure = (res: Res, status: number, code: ErrorCode) => {
    expect(res.statusCode, res.body).toBe(status);
    const body = failureEnvelopeSchema.parse(res.json());
    expect(body.errorCode).toBe(code);
    return body;
  };
  const feedbackTotal = async (token: string) =>
    ok<{ total: number }>(await send('GET', routes.feedbackList.path, token)).total;
  const socket = async (token: string) => {
    const s = await Socket.open(url, origin, token);
    sockets.push(s);
    return s;
  };

  beforeAll(async () => {
    db = await createTestDb(engine);
    ({ app, url, origin } = await startApp(db.database));
    alice = await addMember(app, db.database);
    bob = await addMember(app, db.database);
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    await app?.close();
    await db?.drop();
  });

  describe('feedback', () => {
    it('stores a feedback with images and lists it as open', async () => {
      const item = ok<{ id: number; status: string; images: number }>(
        await send('PUT', routes.feedbackSubmit.path, alice.token, {
          type: 'deposit',
          content: 'My deposit has not arrived yet.',
          images: [png(), png()],
        }),
      );
      expect(item).toMatchObject({ status: 'OPEN', images: 2 });
      const list = ok<{ content: { id: number }[]; total: number }>(
        await send('GET', routes.feedbackList.path, alice.token),
      );
      expect(list.content.map((f) => f.id)).toContain(item.id);
      // Bob's list is his own.
      expect(await feedbackTotal(bob.token)).toBe(0);
    });

    it('refuses content outside the merchant bounds, a bad type, bad or too many images; stores nothing', async () => {
      const before = await feedbackTotal(alice.token);
      const short = failure(
        await send('PUT', routes.feedbackSubmit.path, alice.token, { type: 'game', content: 'too short' }),
        400,
        'support.feedback.length',
      );
      expect(short.details).toMatchObject({ minLength: '10', maxLength: '500' });
      failure(
        await send('PUT', routes.feedbackSubmit.path, alice.token, {
          type: 'game',
          content: 'x'.repeat(501),
        }),
        400,
        'support.feedback.length',
      );
      failure(
        await send('PUT', routes.feedbackSubmit.path, alice.token, {
          type: 'casino',
          content: 'A long enough text.',
        }),
        400,
        'request.invalid',
      );
      failure(
        await send('PUT', routes.feedbackSubmit.path, alice.token, {
          type: 'game',
          content: 'A long enough text.',
          images: [png(), notAnImage],
        }),
        400,
        'support.image.invalid',
      );
      const stored = await storedFileCount();
      for (const [name, polyglot] of Object.entries(polyglots())) {
        const res = await send('PUT', routes.feedbackSubmit.path, alice.token, {
          type: 'game',
          content: 'A long enough text.',
          images: [png(), polyglot],
        });
        failure(res, 400, 'support.image.invalid');
        expect(res.json(), name).toMatchObject({ message: expect.stringMatching(/png or jpg/) });
      }
      expect(await storedFileCount()).toBe(stored);
      failure(
        await send('PUT', routes.feedbackSubmit.path, alice.token, {
          type: 'game',
          content: 'A long enough text.',
          images: [png(), png(), png(), png()],
        }),
        400,
        'request.invalid',
      );
      await setMerchantConfig(app, (c) => {
        c.support.feedback.maxImageBytes = 1_000;
      });
      try {
        failure(
          await send('PUT', routes.feedbackSubmit.path, alice.token, {
            type: 'game',
            content: 'A long enough text.',
            images: [png(2_000)],
          }),
          400,
          'support.image.invalid',
        );
      } finally {
        await setMerchantConfig(app, (c) => {
          c.support.feedback.maxImageBytes = 5 * 1024 * 1024;
        });
      }
      expect(await feedbackTotal(alice.token)).toBe(before);
    });

    it('refuses trial accounts and visitors', async () => {
      const trial = await addTrial(app);
      failure(
        await send('PUT', routes.feedbackSubmit.path, trial.token, {
          type: 'other',
          content: 'Trial feedback text',
        }),
        403,
        'trial.forbidden',
      );
      failure(
        await send('PUT', routes.feedbackSubmit.path, null, { type: 'other', content: 'Visitor feedback' }),
        401,
        'user.or.token.invalid',
      );
    });

    it("the operator's answer arrives as an unread message, live", async () => {
      const s = await socket(alice.token);
      const start = await s.next('messages');
      const item = ok<{ id: number }>(
        await send('PUT', routes.feedbackSubmit.path, alice.token, {
          type: 'withdraw',
          content: 'Where is my withdrawal please?',
        }),
      );
      const open = (await opsCommand(app, { command: 'feedback-list', status: 'OPEN' })) as { id: number }[];
      expect(open.map((f) => f.id)).toContain(item.id);
      await opsCommand(app, { command: 'feedback-answer', id: item.id, text: 'It was paid at 10:00.' });
      await s.next('messages', (m) => m.unread === start.unread + 1);
      const list = ok<{ content: MemberMessage[] }>(await send('GET', routes.messageList.path, alice.token));
      expect(list.content[0]).toMatchObject({
        feedbackId: item.id,
        text: 'It was paid at 10:00.',
        read: false,
      });
      const mine = ok<{ content: { id: number; status: string; answer: string }[] }>(
        await send('GET', routes.feedbackList.path, alice.token),
      );
      expect(mine.content.find((f) => f.id === item.id)).toMatchObject({
        status: 'ANSWERED',
        answer: 'It was paid at 10:00.',
      });
      // Unknown feedback: refused.
      await expect(opsCommand(app, { command: 'feedback-answer', id: 999_999, text: 'x' })).rejects.toThrow(
        /support.feedback.not.found/,
      );
    });
  });

  describe('messages', () => {
    it('keeps personal messages private and a broadcast once for everyone', async () => {
      const personal = (await opsCommand(app, {
        command: 'message-send',
        account: alice.account,
        title: 'Hello',
        text: 'For Alice only',
      })) as { id: number };
      const broadcast = (await opsCommand(app, {
        command: 'message-broadcast',
        title: 'News',
        text: 'For everyone',
      })) as { id: number };
      const bobUnread = ok<number>(await send('GET', routes.messageUnread.path, bob.token));
      const aliceUnread = ok<number>(await send('GET', routes.messageUnread.path, alice.token));
      expect(bobUnread).toBeGreaterThanOrEqual(1);

      // Bob can neither read nor mark Alice's message: 404, and nothing changes.
      failure(
        await send('GET', `${routes.messageDetail.path}?id=${personal.id}`, bob.token),
        404,
        'support.message.not.found',
      );
      failure(
        await send('POST', routes.messageRead.path, bob.token, { id: personal.id }),
        404,
        'support.message.not.found',
      );
      expect(ok<number>(await send('GET', routes.messageUnread.path, alice.token))).toBe(aliceUnread);
      expect(ok<number>(await send('GET', routes.messageUnread.path, bob.token))).toBe(bobUnread);
      const bobList = ok<{ content: MemberMessage[] }>(await send('GET', routes.messageList.path, bob.token));
      expect(bobList.content.map((m) => m.id)).not.toContain(personal.id);

      // Alice reads one; Bob marking the broadcast read does not change Alice's.
      const detail = ok<MemberMessage>(
        await send('GET', `${routes.messageDetail.path}?id=${personal.id}`, alice.token),
      );
      expect(detail).toMatchObject({ text: 'For Alice only', kind: 'PERSONAL', read: false });
      expect(
        ok<{ unread: number }>(await send('POST', routes.messageRead.path, alice.token, { id: personal.id }))
          .unread,
      ).toBe(aliceUnread - 1);
      ok(await send('POST', routes.messageRead.path, bob.token, { id: broadcast.id }));
      expect(ok<number>(await send('GET', routes.messageUnread.path, alice.token))).toBe(aliceUnread - 1);
      expect(
        ok<{ unread: number }>(await send('POST', routes.messageReadAll.path, alice.token, {})).unread,
      ).toBe(0);
      const after = ok<{ content: MemberMessage[] }>(await send('GET', routes.messageList.path, alice.token));
      expect(after.content.every((m) => m.read)).toBe(true);
      failure(await send('GET', `${routes.messageDetail.path}?id=abc`, alice.token), 400, 'request.invalid');
      failure(
        await send('GET', `${routes.messageDetail.path}?id=99999999`, alice.token),
        404,
        'support.message.not.found',
      );
    });

    it('refuses trial accounts', async () => {
      const trial = await addTrial(app);
      failure(await send('GET', routes.messageUnread.path, trial.token), 403, 'trial.forbidden');
      failure(await send('GET', routes.messageList.path, trial.token), 403, 'trial.forbidden');
    });

    it('tells every open browser about a broadcast', async () => {
      const s = await socket(bob.token);
      const first = await s.next('messages');
      await opsCommand(app, { command: 'message-broadcast', title: 'Live', text: 'Everyone hears this' });
      await s.next('messages', (m) => m.unread === first.unread + 1);
    });
  });

  describe('chat', () => {
    it('lists the channels and launches our chat page', async () => {
      const channels = ok<{ id: string; kind: string }[]>(
        await send('GET', routes.chatModels.path, alice.token),
      );
      expect(channels.map((c) => c.id)).toEqual(['room:lobby', 'support']);
      const launched = ok<{ chatUrl: string }>(
        await send('POST', routes.chatLaunch.path, alice.token, { channel: 'room:lobby' }),
      );
      expect(launched.chatUrl).toBe('/chat?channel=room%3Alobby');
      failure(
        await send('POST', routes.chatLaunch.path, alice.token, { channel: 'room:nowhere' }),
        404,
        'support.chat.room.unknown',
      );
    });

    it('fans a post out to every member live, and a deletion too', async () => {
      const a = await socket(alice.token);
      const b = await socket(bob.token);
      const posted = ok<{ id: number; mine: boolean }>(
        await send('POST', routes.chatPost.path, alice.token, { room: 'lobby', text: 'hi <b>all</b>' }),
      );
      expect(posted.mine).toBe(true);
      const seen = await b.next('chat.message', (m) => m.message.id === posted.id);
      expect(seen.message).toMatchObject({ text: 'hi <b>all</b>', mine: false, room: 'lobby' });
      expect((await a.next('chat.message', (m) => m.message.id === posted.id)).message.mine).toBe(true);
      const room = ok<{ messages: { id: number }[] }>(
        await send('GET', `${routes.chatRoom.path}?room=lobby`, bob.token),
      );
      expect(room.messages.map((m) => m.id)).toContain(posted.id);

      await opsCommand(app, { command: 'chat-delete', id: posted.id });
      await b.next('chat.deleted', (m) => m.id === posted.id);
      const after = ok<{ messages: { id: number }[] }>(
        await send('GET', `${routes.chatRoom.path}?room=lobby`, bob.token),
      );
      expect(after.messages.map((m) => m.id)).not.toContain(posted.id);
    });

    it('refuses over-length, empty, unknown-room, flood, trial and muted posts', async () => {
      const carol = await addMember(app, db.database);
      failure(
        await send('POST', routes.chatPost.path, carol.token, { room: 'lobby', text: 'x'.repeat(501) }),
        400,
        'request.invalid',
      );
      failure(
        await send('POST', routes.chatPost.path, carol.token, { room: 'lobby', text: '   ' }),
        400,
        'request.invalid',
      );
      failure(
        await send('POST', routes.chatPost.path, carol.token, { room: 'nowhere', text: 'hello' }),
        404,
        'support.chat.room.unknown',
      );
      for (let i = 0; i < 5; i++)
        ok(await send('POST', routes.chatPost.path, carol.token, { room: 'lobby', text: `m${i}` }));
      failure(
        await send('POST', routes.chatPost.path, carol.token, { room: 'lobby', text: 'one too many' }),
        429,
        'support.chat.flood',
      );

      const trial = await addTrial(app);
      failure(
        await send('POST', routes.chatPost.path, trial.token, { room: 'lobby', text: 'hello' }),
        403,
        'trial.forbidden',
      );

      const dave = await addMember(app, db.database);
      const s = await socket(dave.token);
      await opsCommand(app, { command: 'chat-mute', account: dave.account, minutes: 30 });
      await s.next('chat.muted', (m) => m.until !== null);
      const muted = failure(
        await send('POST', routes.chatPost.path, dave.token, { room: 'lobby', text: 'hello' }),
        403,
        'support.chat.muted',
      );
      expect(Number(muted.details?.until)).toBeGreaterThan(Date.now());
      const room = ok<{ mutedUntil: number | null; messages: { text: string }[] }>(
        await send('GET', `${routes.chatRoom.path}?room=lobby`, dave.token),
      );
      expect(room.mutedUntil).not.toBeNull();
      expect(room.messages.map((m) => m.text)).not.toContain('hello');
      await opsCommand(app, { command: 'chat-mute', account: dave.account, minutes: 0 });
      ok(await send('POST', routes.chatPost.path, dave.token, { room: 'lobby', text: 'hello' }));
    });

    it('carries live support between a member and the operator', async () => {
      const s = await socket(alice.token);
      const mine = ok<{ id: number; from: string }>(
        await send('POST', routes.supportPost.path, alice.token, { text: 'Can you help me?' }),
      );
      expect(mine.from).toBe('MEMBER');
      const chats = (await opsCommand(app, { command: 'support-chats' })) as {
        account: string;
        waiting: boolean;
      }[];
      expect(chats.find((c) => c.account === alice.account)?.waiting).toBe(true);
      const reply = (await opsCommand(app, {
        command: 'support-reply',
        account: alice.account,
        text: 'Sure!',
      })) as {
        id: number;
      };
      await s.next('support', (m) => m.id === reply.id);
      // The operator's view of one conversation (the console's), oldest first.
      const conversation = (await opsCommand(app, { command: 'support-chats', account: alice.account })) as {
        account: string;
        messages: { from: string; text: string }[];
      };
      expect(conversation.account).toBe(alice.account);
      expect(conversation.messages.slice(-2).map((m) => [m.from, m.text])).toEqual([
        ['MEMBER', 'Can you help me?'],
        ['OPERATOR', 'Sure!'],
      ]);
      await expect(opsCommand(app, { command: 'support-chats', account: 'nobody-here' })).rejects.toThrow(
        /ops.invalid/,
      );
      const log = (await opsCommand(app, { command: 'audit', action: 'support-reply', limit: 5 })) as {
        actor: string;
        detail: Record<string, unknown>;
      }[];
      expect(log[0]).toMatchObject({
        actor: 'break-glass:test',
        detail: { account: alice.account, id: reply.id },
      });
      const chat = ok<{ messages: { from: string; text: string }[]; hours: string | null }>(
        await send('GET', routes.supportChat.path, alice.token),
      );
      expect(chat.messages.slice(-2)).toEqual([
        expect.objectContaining({ from: 'MEMBER', text: 'Can you help me?' }),
        expect.objectContaining({ from: 'OPERATOR', text: 'Sure!' }),
      ]);
      // Bob sees none of it.
      const other = ok<{ messages: unknown[] }>(await send('GET', routes.supportChat.path, bob.token));
      expect(other.messages).toEqual([]);
      failure(
        await send('POST', routes.supportPost.path, alice.token, { text: 'y'.repeat(501) }),
        400,
        'request.invalid',
      );
    });

    it.runIf(engine === 'postgres')('fans room posts and unread counts out to another process', async () => {
      const secondDb = await openDatabase({
        url: process.env.TEST_DATABASE_URL,
        schema: db.schema,
        poolSize: 5,
      });
      const second = await startApp(secondDb);
      try {
        const b = await Socket.open(second.url, second.origin, bob.token);
        sockets.push(b);
        const first = await b.next('messages');
        const posted = ok<{ id: number }>(
          await send('POST', routes.chatPost.path, alice.token, { room: 'lobby', text: 'across processes' }),
        );
        await b.next(
          'chat.message',
          (m) => m.message.id === posted.id && m.message.text === 'across processes',
        );
        await opsCommand(app, { command: 'message-send', account: bob.account, title: 'T', text: 'Cross' });
        await b.next('messages', (m) => m.unread === first.unread + 1);
        await opsCommand(app, { command: 'chat-delete', id: posted.id });
        await b.next('chat.deleted', (m) => m.id === posted.id);
      } finally {
        await second.app.close();
        await secondDb.close();
      }
    });
  });
});
