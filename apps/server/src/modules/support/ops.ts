import { CHAT_TEXT_MAX } from '@aurum/contract';
import { z } from 'zod';
import { recordAudit } from '../../platform/audit.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { findByAccount } from '../accounts/index.ts';
import type { OpsService } from '../ops/index.ts';
import type { SupportService } from './service.ts';

const id = z.coerce
  .number()
  .int()
  .min(1)
  .max(2 ** 53 - 1);
const text = (max: number) => z.string().trim().min(1).max(max);
const limit = z.coerce.number().int().min(1).max(500).default(50);

/**
 * The operator's side of support: `npm run ops -- feedback-list | feedback-answer | message-send |
 * message-broadcast | chat-mute | chat-delete | support-chats | support-reply` (docs/support.md).
 */
export function supportOps(ops: OpsService, service: SupportService, database: Database): void {
  const audit = (merchantCode: string, actor: string, action: string, detail: Record<string, unknown>) =>
    recordAudit(database, { merchantCode, actor, action, detail });
  const member = async (merchantCode: string, account: string) => {
    const row = await findByAccount(database.db, merchantCode, account);
    if (!row) throw new AppError('ops.invalid', `there is no member ${account}`);
    return row;
  };

  ops.extend('feedback-list', {
    schema: z.strictObject({
      command: z.literal('feedback-list'),
      status: z.enum(['OPEN', 'ANSWERED']).optional(),
      limit,
    }),
    run: (m, args) => service.feedbackForOps(m, args.status, args.limit),
  });
  ops.extend('feedback-answer', {
    schema: z.strictObject({ command: z.literal('feedback-answer'), id, text: text(5_000) }),
    async run(m, args, actor) {
      const answer = await service.answerFeedback(m, args.id, args.text, actor);
      await audit(m, actor, 'feedback-answer', { id: args.id });
      return answer;
    },
  });
  ops.extend('message-send', {
    schema: z.strictObject({
      command: z.literal('message-send'),
      account: z.string().trim().min(1).max(64),
      title: text(200),
      text: text(5_000),
    }),
    async run(m, args, actor) {
      const to = await member(m, args.account);
      const sent = await service.sendMessage(m, to.id, args.title, args.text, actor);
      await audit(m, actor, 'message-send', { id: sent.id, account: args.account });
      return sent;
    },
  });
  ops.extend('message-broadcast', {
    schema: z.strictObject({ command: z.literal('message-broadcast'), title: text(200), text: text(5_000) }),
    async run(m, args, actor) {
      const sent = await service.sendMessage(m, null, args.title, args.text, actor);
      await audit(m, actor, 'message-broadcast', { id: sent.id });
      return sent;
    },
  });
  ops.extend('chat-mute', {
    schema: z.strictObject({
      command: z.literal('chat-mute'),
      account: z.string().trim().min(1).max(64),
      /** 0 lifts the mute. */
      minutes: z.coerce.number().int().min(0).max(525_600),
    }),
    async run(m, args, actor) {
      const who = await member(m, args.account);
      const result = await service.mute(m, who.id, args.minutes, actor);
      await audit(m, actor, 'chat-mute', { account: args.account, minutes: args.minutes });
      return { account: args.account, mutedUntil: result.mutedUntil };
    },
  });
  ops.extend('chat-delete', {
    schema: z.strictObject({ command: z.literal('chat-delete'), id }),
    async run(m, args, actor) {
      const result = await service.deleteChat(m, args.id, actor);
      await audit(m, actor, 'chat-delete', { id: args.id });
      return result;
    },
  });
  ops.extend('support-chats', {
    schema: z.strictObject({
      command: z.literal('support-chats'),
      /** One member's conversation (its latest messages, oldest first) instead of the list. */
      account: z.string().trim().min(1).max(64).optional(),
      limit,
    }),
    async run(m, args) {
      if (args.account === undefined) return service.supportConversations(m, args.limit);
      const who = await member(m, args.account);
      return { account: who.account, messages: await service.supportConversation(m, who.id, args.limit) };
    },
  });
  ops.extend('support-reply', {
    schema: z.strictObject({
      command: z.literal('support-reply'),
      account: z.string().trim().min(1).max(64),
      text: text(CHAT_TEXT_MAX),
    }),
    async run(m, args, actor) {
      const to = await member(m, args.account);
      const sent = await service.supportPost(m, to.id, 'OPERATOR', args.text, actor);
      await audit(m, actor, 'support-reply', { account: args.account, id: sent.id });
      return sent;
    },
  });
}
