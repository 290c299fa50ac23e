import {
  type ChatChannel,
  type ChatMessage,
  type ChatRoom,
  FEEDBACK_TYPES,
  type FeedbackItem,
  type FeedbackSettings,
  type FeedbackType,
  type Language,
  type MemberMessage,
  type SupportChat,
  type SupportChatMessage,
  type SupportConfig,
} from '@aurum/contract';
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import {
  type ChatMessageRow,
  chatMessages,
  chatMutes,
  type MemberRow,
  type SupportFeedbackRow,
  supportChatMessages,
  supportFeedback,
  supportMessageReads,
  supportMessages,
} from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MerchantState } from '../../platform/merchants.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import { queryRows } from '../../platform/sql.ts';
import type { BlobStorage } from '../../platform/storage.ts';
import { readUploadedImage } from '../../platform/upload-image.ts';
import { requireRealAccount } from '../accounts/index.ts';

export const FEEDBACK_IMAGE_PREFIX = 'feedback';

/** What a change means for open browsers; the module's fan-out delivers it (see fanout.ts). */
export interface SupportNotifier {
  /** The member's unread count changed (null: every member's, after a broadcast). */
  inbox(merchant: string, memberId: number | null): void;
  chatPosted(merchant: string, id: number): void;
  chatDeleted(merchant: string, room: string, id: number): void;
  chatMuted(merchant: string, memberId: number, until: number | null): void;
  support(merchant: string, memberId: number, id: number): void;
}

export interface SupportDeps {
  database: Database;
  clock: Clock;
  storage: BlobStorage;
  limiter: RateLimiter;
  notifier: SupportNotifier;
}

const supportConfig = (merchant: MerchantState): SupportConfig => merchant.config.support;

/** Others see a nickname, or the account with its middle hidden. */
export function displayName(member: Pick<MemberRow, 'account' | 'nickname'>): string {
  if (member.nickname) return member.nickname;
  const a = member.account;
  return a.length <= 3 ? `${a[0] ?? ''}**` : `${a.slice(0, 2)}***${a.slice(-1)}`;
}

const ms = (d: Date | null) => (d ? d.getTime() : null);

function presentFeedback(row: SupportFeedbackRow): FeedbackItem {
  return {
    id: row.id,
    type: row.type as FeedbackType,
    content: row.content,
    images: row.imageKeys.length,
    status: row.status,
    answer: row.answer,
    createdAt: row.createdAt.getTime(),
    answeredAt: ms(row.answeredAt),
  };
}

export function presentChat(row: ChatMessageRow, viewer: number): ChatMessage {
  return {
    id: row.id,
    room: row.room,
    author: row.author,
    mine: row.memberId === viewer,
    text: row.body,
    createdAt: row.createdAt.getTime(),
  };
}

const presentSupport = (row: typeof supportChatMessages.$inferSelect): SupportChatMessage => ({
  id: row.id,
  from: row.sender,
  text: row.body,
  createdAt: row.createdAt.getTime(),
});

/** A member sees their personal messages and every broadcast. */
const visibleTo = (merchant: string, memberId: number) =>
  and(
    eq(supportMessages.merchant, merchant),
    or(eq(supportMessages.memberId, memberId), isNull(supportMessages.memberId)),
  );

export class SupportService {
  constructor(private readonly deps: SupportDeps) {}

  private get db() {
    return this.deps.database.db;
  }

  // ---------------------------------------------------------------------------------------------
  // Feedback

  feedbackSettings(merchant: MerchantState): FeedbackSettings {
    const f = supportConfig(merchant).feedback;
    return { types: [...FEEDBACK_TYPES], ...f };
  }

  async submitFeedback(
    merchant: MerchantState,
    member: MemberRow,
    body: { type: FeedbackType; content: string; images: string[] },
  ): Promise<FeedbackItem> {
    requireRealAccount(merchant, member);
    const f = supportConfig(merchant).feedback;
    const length = [...body.content].length;
    if (length < f.minLength || length > f.maxLength) {
      throw new AppError('support.feedback.length', undefined, {
        minLength: String(f.minLength),
        maxLength: String(f.maxLength),
      });
    }
    if (body.images.length > f.maxImages) throw new AppError('support.image.invalid');
    // Every image is checked before any is stored: a refused feedback leaves nothing behind.
    const images = body.images.map((dataUrl) =>
      readUploadedImage(dataUrl, f.maxImageBytes, 'support.image.invalid'),
    );
    const keys: string[] = [];
    for (const image of images)
      keys.push(await this.deps.storage.put(FEEDBACK_IMAGE_PREFIX, image.bytes, image.mime));
    const [row] = await this.db
      .insert(supportFeedback)
      .values({
        merchant: merchant.code,
        memberId: member.id,
        type: body.type,
        content: body.content,
        imageKeys: keys,
        createdAt: new Date(this.deps.clock.now()),
      })
      .returning();
    return presentFeedback(row!);
  }

  async listFeedback(merchant: MerchantState, member: MemberRow, page: number, size: number) {
    const where = and(eq(supportFeedback.merchant, merchant.code), eq(supportFeedback.memberId, member.id));
    const [rows, [count]] = await Promise.all([
      this.db
        .select()
        .from(supportFeedback)
        .where(where)
        .orderBy(desc(supportFeedback.id))
        .limit(size)
        .offset((page - 1) * size),
      this.db.select({ n: sql<number>`count(*)::int` }).from(supportFeedback).where(where),
    ]);
    const total = Number(count?.n ?? 0);
    return { content: rows.map(presentFeedback), pageNum: page, totalPages: Math.ceil(total / size), total };
  }

  /** The operator's answer: stored on the feedback and sent to the member as a personal message. */
  async answerFeedback(merchantCode: string, id: number, text: string, actor: string) {
    const now = new Date(this.deps.clock.now());
    const answered = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(supportFeedback)
        .set({ status: 'ANSWERED', answer: text, answeredBy: actor, answeredAt: now })
        .where(and(eq(supportFeedback.merchant, merchantCode), eq(supportFeedback.id, id)))
        .returning();
      if (!row) throw new AppError('support.feedback.not.found');
      const [message] = await tx
        .insert(supportMessages)
        .values({
          merchant: merchantCode,
          memberId: row.memberId,
          title: `Feedback #${row.id}`,
          body: text,
          feedbackId: row.id,
          sentBy: actor,
          createdAt: now,
        })
        .returning();
      return { feedback: row, messageId: message!.id };
    });
    this.deps.notifier.inbox(merchantCode, answered.feedback.memberId);
    return {
      ...presentFeedback(answered.feedback),
      memberId: answered.feedback.memberId,
      messageId: answered.messageId,
    };
  }

  async feedbackForOps(merchantCode: string, status: 'OPEN' | 'ANSWERED' | undefined, limit: number) {
    const rows = await this.db
      .select()
      .from(supportFeedback)
      .where(
        and(
          eq(supportFeedback.merchant, merchantCode),
          status ? eq(supportFeedback.status, status) : undefined,
        ),
      )
      .orderBy(desc(supportFeedback.id))
      .limit(limit);
    return rows.map((r) => ({ ...presentFeedback(r), memberId: r.memberId, imageKeys: r.imageKeys }));
  }

  // ---------------------------------------------------------------------------------------------
  // Messages

  async unread(merchantCode: string, memberId: number): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      this.db,
      `SELECT count(*)::int AS n FROM support_messages m
        WHERE m.merchant = $1 AND (m.member_id = $2 OR m.member_id IS NULL)
          AND NOT EXISTS (SELECT 1 FROM support_message_reads r WHERE r.message_id = m.id AND r.member_id = $2)`,
      [merchantCode, memberId],
    );
    return Number(row?.n ?? 0);
  }

  private messageQuery(memberId: number) {
    return this.db
      .select({ m: supportMessages, readAt: supportMessageReads.readAt })
      .from(supportMessages)
      .leftJoin(
        supportMessageReads,
        and(
          eq(supportMessageReads.messageId, supportMessages.id),
          eq(supportMessageReads.memberId, memberId),
        ),
      );
  }

  private presentMessage(r: { m: typeof supportMessages.$inferSelect; readAt: Date | null }): MemberMessage {
    return {
      id: r.m.id,
      title: r.m.title,
      text: r.m.body,
      kind: r.m.memberId === null ? 'BROADCAST' : 'PERSONAL',
      feedbackId: r.m.feedbackId,
      read: r.readAt !== null,
      createdAt: r.m.createdAt.getTime(),
    };
  }

  async listMessages(merchant: MerchantState, member: MemberRow, page: number, size: number) {
    requireRealAccount(merchant, member);
    const where = visibleTo(merchant.code, member.id);
    const [rows, [count]] = await Promise.all([
      this.messageQuery(member.id)
        .where(where)
        .orderBy(desc(supportMessages.id))
        .limit(size)
        .offset((page - 1) * size),
      this.db.select({ n: sql<number>`count(*)::int` }).from(supportMessages).where(where),
    ]);
    const total = Number(count?.n ?? 0);
    return {
      content: rows.map((r) => this.presentMessage(r)),
      pageNum: page,
      totalPages: Math.ceil(total / size),
      total,
    };
  }

  /** One message (404 when it is not the member's); reading it does not mark it read. */
  async message(merchant: MerchantState, member: MemberRow, id: number): Promise<MemberMessage> {
    requireRealAccount(merchant, member);
    const [row] = await this.messageQuery(member.id)
      .where(and(visibleTo(merchant.code, member.id), eq(supportMessages.id, id)))
      .limit(1);
    if (!row) throw new AppError('support.message.not.found');
    return this.presentMessage(row);
  }

  async markRead(merchant: MerchantState, member: MemberRow, id: number | null) {
    requireRealAccount(merchant, member);
    const now = new Date(this.deps.clock.now()).toISOString();
    const rows = await queryRows<{ id: number }>(
      this.db,
      `INSERT INTO support_message_reads (message_id, member_id, read_at)
       SELECT m.id, $2, $3::timestamptz FROM support_messages m
        WHERE m.merchant = $1 AND (m.member_id = $2 OR m.member_id IS NULL) AND ($4::bigint IS NULL OR m.id = $4::bigint)
       ON CONFLICT DO NOTHING
       RETURNING message_id::int AS id`,
      [merchant.code, member.id, now, id],
    );
    if (id !== null && !rows.length) await this.message(merchant, member, id); // 404 unless already read
    if (rows.length) this.deps.notifier.inbox(merchant.code, member.id);
    return { unread: await this.unread(merchant.code, member.id) };
  }

  async sendMessage(
    merchantCode: string,
    memberId: number | null,
    title: string,
    text: string,
    actor: string,
  ) {
    const [row] = await this.db
      .insert(supportMessages)
      .values({
        merchant: merchantCode,
        memberId,
        title,
        body: text,
        sentBy: actor,
        createdAt: new Date(this.deps.clock.now()),
      })
      .returning();
    this.deps.notifier.inbox(merchantCode, memberId);
    return { id: row!.id, memberId, title, createdAt: row!.createdAt.toISOString() };
  }

  // ---------------------------------------------------------------------------------------------
  // Chat rooms

  channels(merchant: MerchantState, language: Language): ChatChannel[] {
    const rooms = supportConfig(merchant).chat.rooms.map(
      (r): ChatChannel => ({ id: `room:${r.id}`, kind: 'ROOM', name: r.name[language] ?? r.name.EN ?? r.id }),
    );
    return [...rooms, { id: 'support', kind: 'SUPPORT', name: '' }];
  }

  private room(merchant: MerchantState, id: string) {
    const room = supportConfig(merchant).chat.rooms.find((r) => r.id === id);
    if (!room) throw new AppError('support.chat.room.unknown');
    return room;
  }

  async mutedUntil(merchantCode: string, memberId: number): Promise<number | null> {
    const [row] = await this.db
      .select()
      .from(chatMutes)
      .where(
        and(
          eq(chatMutes.merchant, merchantCode),
          eq(chatMutes.memberId, memberId),
          gt(chatMutes.mutedUntil, new Date(this.deps.clock.now())),
        ),
      );
    return ms(row?.mutedUntil ?? null);
  }

  async chatRoom(
    merchant: MerchantState,
    member: MemberRow,
    roomId: string,
    language: Language,
  ): Promise<ChatRoom> {
    const room = this.room(merchant, roomId);
    const chat = supportConfig(merchant).chat;
    const rows = await this.db
      .select()
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.merchant, merchant.code),
          eq(chatMessages.room, room.id),
          isNull(chatMessages.deletedAt),
        ),
      )
      .orderBy(desc(chatMessages.id))
      .limit(chat.history);
    return {
      room: room.id,
      name: room.name[language] ?? room.name.EN ?? room.id,
      messages: rows.reverse().map((r) => presentChat(r, member.id)),
      mutedUntil: await this.mutedUntil(merchant.code, member.id),
      maxLength: 500,
      postsPerWindow: chat.postsPerWindow,
      windowSeconds: chat.windowSeconds,
    };
  }

  async postChat(
    merchant: MerchantState,
    member: MemberRow,
    roomId: string,
    text: string,
  ): Promise<ChatMessage> {
    requireRealAccount(merchant, member);
    const room = this.room(merchant, roomId);
    const until = await this.mutedUntil(merchant.code, member.id);
    if (until !== null) throw new AppError('support.chat.muted', undefined, { until: String(until) });
    const chat = supportConfig(merchant).chat;
    const hit = await this.deps.limiter.hit(
      `chat:${merchant.code}:${member.id}`,
      chat.postsPerWindow,
      chat.windowSeconds * 1000,
    );
    if (!hit.allowed) {
      throw new AppError('support.chat.flood', undefined, { retryAfterMs: String(hit.retryAfterMs) });
    }
    const [row] = await this.db
      .insert(chatMessages)
      .values({
        merchant: merchant.code,
        room: room.id,
        memberId: member.id,
        author: displayName(member),
        body: text,
        createdAt: new Date(this.deps.clock.now()),
      })
      .returning();
    this.deps.notifier.chatPosted(merchant.code, row!.id);
    return presentChat(row!, member.id);
  }

  async chatRow(merchantCode: string, id: number): Promise<ChatMessageRow | null> {
    const [row] = await this.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.merchant, merchantCode), eq(chatMessages.id, id)));
    return row ?? null;
  }

  async deleteChat(merchantCode: string, id: number, actor: string) {
    const [row] = await this.db
      .update(chatMessages)
      .set({ deletedAt: new Date(this.deps.clock.now()), deletedBy: actor })
      .where(
        and(eq(chatMessages.merchant, merchantCode), eq(chatMessages.id, id), isNull(chatMessages.deletedAt)),
      )
      .returning();
    if (!row) throw new AppError('support.chat.not.found');
    this.deps.notifier.chatDeleted(merchantCode, row.room, row.id);
    return { id: row.id, room: row.room, deleted: true };
  }

  async mute(merchantCode: string, memberId: number, minutes: number, actor: string) {
    if (minutes === 0) {
      await this.db
        .delete(chatMutes)
        .where(and(eq(chatMutes.merchant, merchantCode), eq(chatMutes.memberId, memberId)));
      this.deps.notifier.chatMuted(merchantCode, memberId, null);
      return { memberId, mutedUntil: null };
    }
    const until = new Date(this.deps.clock.now() + minutes * 60_000);
    await queryRows(
      this.db,
      `INSERT INTO chat_mutes (merchant, member_id, muted_until, muted_by) VALUES ($1, $2, $3::timestamptz, $4)
       ON CONFLICT (merchant, member_id) DO UPDATE SET muted_until = EXCLUDED.muted_until, muted_by = EXCLUDED.muted_by`,
      [merchantCode, memberId, until.toISOString(), actor],
    );
    this.deps.notifier.chatMuted(merchantCode, memberId, until.getTime());
    return { memberId, mutedUntil: until.toISOString() };
  }

  // ---------------------------------------------------------------------------------------------
  // Live support

  async supportChat(merchant: MerchantState, member: MemberRow, language: Language): Promise<SupportChat> {
    const chat = supportConfig(merchant).chat;
    const rows = await this.db
      .select()
      .from(supportChatMessages)
      .where(
        and(eq(supportChatMessages.merchant, merchant.code), eq(supportChatMessages.memberId, member.id)),
      )
      .orderBy(desc(supportChatMessages.id))
      .limit(chat.history * 2);
    return {
      messages: rows.reverse().map(presentSupport),
      hours: chat.supportHours[language] ?? chat.supportHours.EN ?? null,
      maxLength: 500,
    };
  }

  async supportPost(
    merchantCode: string,
    memberId: number,
    sender: 'MEMBER' | 'OPERATOR',
    text: string,
    actor: string | null,
    limit?: { postsPerWindow: number; windowSeconds: number },
  ): Promise<SupportChatMessage> {
    if (limit) {
      const hit = await this.deps.limiter.hit(
        `support:${merchantCode}:${memberId}`,
        limit.postsPerWindow,
        limit.windowSeconds * 1000,
      );
      if (!hit.allowed) {
        throw new AppError('support.chat.flood', undefined, { retryAfterMs: String(hit.retryAfterMs) });
      }
    }
    const [row] = await this.db
      .insert(supportChatMessages)
      .values({
        merchant: merchantCode,
        memberId,
        sender,
        actor,
        body: text,
        createdAt: new Date(this.deps.clock.now()),
      })
      .returning();
    this.deps.notifier.support(merchantCode, memberId, row!.id);
    return presentSupport(row!);
  }

  /** One member's live-support conversation as the operator reads it: the latest messages, oldest first. */
  async supportConversation(merchantCode: string, memberId: number, limit: number) {
    const rows = await this.db
      .select()
      .from(supportChatMessages)
      .where(and(eq(supportChatMessages.merchant, merchantCode), eq(supportChatMessages.memberId, memberId)))
      .orderBy(desc(supportChatMessages.id))
      .limit(limit);
    return rows.reverse().map(presentSupport);
  }

  /** The operator's view: conversations, the latest first, with whether the member waits for an answer. */
  async supportConversations(merchantCode: string, limit: number) {
    return queryRows<{ account: string; last: string; from: string; at: string; waiting: boolean }>(
      this.db,
      `SELECT mem.account, s.body AS last, s.sender AS "from", s.created_at::text AS at, s.sender = 'MEMBER' AS waiting
         FROM (SELECT DISTINCT ON (member_id) member_id, body, sender, created_at
                 FROM support_chat_messages WHERE merchant = $1 ORDER BY member_id, id DESC) s
         JOIN members mem ON mem.id = s.member_id
        ORDER BY s.created_at DESC LIMIT $2`,
      [merchantCode, limit],
    );
  }
}
