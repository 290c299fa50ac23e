import { z } from 'zod';
import { noBody, noQuery, type RouteDef, route } from '../route-def.ts';
import { PROOF_IMAGE_MAX_BYTES, paged, pageQuerySchema, proofImageSchema } from './cashier.ts';

/** Question types of a feedback (product spec §3 Feedback). */
export const FEEDBACK_TYPES = ['deposit', 'withdraw', 'game', 'service', 'apply', 'other'] as const;
export const feedbackTypeSchema = z.enum(FEEDBACK_TYPES);
export type FeedbackType = z.infer<typeof feedbackTypeSchema>;

export const FEEDBACK_STATUSES = ['OPEN', 'ANSWERED'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/** The widest bounds any merchant may configure; the merchant's own bounds apply within them. */
export const FEEDBACK_CONTENT_LIMIT = 5_000;
export const FEEDBACK_MAX_IMAGES = 3;
/** A feedback carries up to three images as data URLs (base64 is 4/3 of the bytes). */
export const FEEDBACK_BODY_LIMIT_BYTES =
  Math.ceil((FEEDBACK_MAX_IMAGES * PROOF_IMAGE_MAX_BYTES * 4) / 3) + 64 * 1024;

/** Chat texts: plain text, shown escaped. */
export const CHAT_TEXT_MAX = 500;
export const CHAT_ROOM_ID = /^[a-z0-9-]{1,32}$/;

const roomSchema = z.object({
  id: z.string().regex(CHAT_ROOM_ID),
  /** The room's name per language code (EN, CN…); the web falls back to EN. */
  name: z.record(z.string(), z.string().min(1).max(60)),
});

/** The merchant's support (config/support.json): feedback bounds, chat rooms and limits. */
export const supportConfigSchema = z.object({
  feedback: z
    .object({
      minLength: z.number().int().min(1).max(FEEDBACK_CONTENT_LIMIT).default(10),
      maxLength: z.number().int().min(1).max(FEEDBACK_CONTENT_LIMIT).default(500),
      maxImages: z.number().int().min(0).max(FEEDBACK_MAX_IMAGES).default(3),
      maxImageBytes: z.number().int().min(1).max(PROOF_IMAGE_MAX_BYTES).default(PROOF_IMAGE_MAX_BYTES),
    })
    .prefault({}),
  chat: z
    .object({
      rooms: z.array(roomSchema).default([{ id: 'lobby', name: { EN: 'Lobby', CN: '大厅' } }]),
      /** Messages a member may post per window before being refused. */
      postsPerWindow: z.number().int().min(1).max(100).default(5),
      windowSeconds: z.number().int().min(1).max(3_600).default(10),
      /** Messages a member sees on joining a room. */
      history: z.number().int().min(1).max(200).default(50),
      /** The support team's hours, per language code, shown on the live support page. */
      supportHours: z.record(z.string(), z.string().max(200)).default({}),
    })
    .prefault({}),
});
export type SupportConfig = z.infer<typeof supportConfigSchema>;

// ---------------------------------------------------------------------------------------------
// Feedback

export const feedbackRequestSchema = z.strictObject({
  type: feedbackTypeSchema,
  content: z.string().trim().min(1).max(FEEDBACK_CONTENT_LIMIT),
  images: z.array(proofImageSchema).max(FEEDBACK_MAX_IMAGES).default([]),
});
export type FeedbackRequest = z.input<typeof feedbackRequestSchema>;

export const feedbackSettingsSchema = z.object({
  types: z.array(feedbackTypeSchema),
  minLength: z.number().int(),
  maxLength: z.number().int(),
  maxImages: z.number().int(),
  maxImageBytes: z.number().int(),
});
export type FeedbackSettings = z.infer<typeof feedbackSettingsSchema>;

export const feedbackItemSchema = z.object({
  id: z.number().int(),
  type: feedbackTypeSchema,
  content: z.string(),
  images: z.number().int(),
  status: z.enum(FEEDBACK_STATUSES),
  answer: z.string().nullable(),
  /** Epoch ms. */
  createdAt: z.number(),
  answeredAt: z.number().nullable(),
});
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;

// ---------------------------------------------------------------------------------------------
// Messages (messageV2): plain text, shown escaped.

export const memberMessageSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  text: z.string(),
  /** PERSONAL: to this member; BROADCAST: to every member. */
  kind: z.enum(['PERSONAL', 'BROADCAST']),
  /** The feedback this message answers, if any. */
  feedbackId: z.number().int().nullable(),
  read: z.boolean(),
  createdAt: z.number(),
});
export type MemberMessage = z.infer<typeof memberMessageSchema>;

export const messageIdQuerySchema = z.strictObject({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 53 - 1),
});
export const messageReadRequestSchema = z.strictObject({
  id: z
    .number()
    .int()
    .min(1)
    .max(2 ** 53 - 1),
});

// ---------------------------------------------------------------------------------------------
// Chat

export const chatMessageSchema = z.object({
  id: z.number().int(),
  room: z.string(),
  /** The poster's nickname or account, as others see it. */
  author: z.string(),
  mine: z.boolean(),
  text: z.string(),
  createdAt: z.number(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatRoomQuerySchema = z.strictObject({ room: z.string().regex(CHAT_ROOM_ID) });
export const chatRoomSchema = z.object({
  room: z.string(),
  name: z.string(),
  messages: z.array(chatMessageSchema),
  /** Until when the member may not post (epoch ms), or null. */
  mutedUntil: z.number().nullable(),
  maxLength: z.number().int(),
  postsPerWindow: z.number().int(),
  windowSeconds: z.number().int(),
});
export type ChatRoom = z.infer<typeof chatRoomSchema>;
export const chatPostRequestSchema = z.strictObject({
  room: z.string().regex(CHAT_ROOM_ID),
  text: z.string().trim().min(1).max(CHAT_TEXT_MAX),
});

export const supportChatMessageSchema = z.object({
  id: z.number().int(),
  from: z.enum(['MEMBER', 'OPERATOR']),
  text: z.string(),
  createdAt: z.number(),
});
export type SupportChatMessage = z.infer<typeof supportChatMessageSchema>;
export const supportChatSchema = z.object({
  messages: z.array(supportChatMessageSchema),
  hours: z.string().nullable(),
  maxLength: z.number().int(),
});
export type SupportChat = z.infer<typeof supportChatSchema>;
export const supportPostRequestSchema = z.strictObject({ text: z.string().trim().min(1).max(CHAT_TEXT_MAX) });

export const chatChannelSchema = z.object({
  /** `room:<id>` or `support`. */
  id: z.string(),
  kind: z.enum(['ROOM', 'SUPPORT']),
  name: z.string(),
});
export type ChatChannel = z.infer<typeof chatChannelSchema>;
export const chatLaunchRequestSchema = z.strictObject({
  channel: z.string().regex(/^(room:[a-z0-9-]{1,32}|support)$/),
});

/** The calls of this area; spread into the route table in routes.ts. */
export const supportRoutes = {
  feedbackSettings: route({
    method: 'GET',
    path: '/wps/feedback/settings',
    auth: 'T',
    encrypted: false,
    feature: 'FEEDBACK3',
    query: noQuery,
    body: noBody,
    response: feedbackSettingsSchema,
  }),
  feedbackSubmit: route({
    method: 'PUT',
    path: '/wps/feedback',
    auth: 'T',
    encrypted: false,
    feature: 'FEEDBACK3',
    query: noQuery,
    body: feedbackRequestSchema,
    response: feedbackItemSchema,
  }),
  feedbackList: route({
    method: 'GET',
    path: '/wps/feedback/list',
    auth: 'T',
    encrypted: false,
    feature: 'FEEDBACK3',
    query: z.strictObject({ ...pageQuerySchema }),
    body: noBody,
    response: paged(feedbackItemSchema),
  }),
  messageList: route({
    method: 'GET',
    path: '/wps/messageV2/list',
    auth: 'T',
    encrypted: false,
    feature: 'INBOX3',
    query: z.strictObject({ ...pageQuerySchema }),
    body: noBody,
    response: paged(memberMessageSchema),
  }),
  messageDetail: route({
    method: 'GET',
    path: '/wps/messageV2/detail',
    auth: 'T',
    encrypted: false,
    feature: 'INBOX3',
    query: messageIdQuerySchema,
    body: noBody,
    response: memberMessageSchema,
  }),
  messageRead: route({
    method: 'POST',
    path: '/wps/messageV2/read',
    auth: 'T',
    encrypted: false,
    feature: 'INBOX3',
    query: noQuery,
    body: messageReadRequestSchema,
    response: z.object({ unread: z.number().int() }),
  }),
  messageReadAll: route({
    method: 'POST',
    path: '/wps/messageV2/read-all',
    auth: 'T',
    encrypted: false,
    feature: 'INBOX3',
    query: noQuery,
    body: z.strictObject({}).optional(),
    response: z.object({ unread: z.number().int() }),
  }),
  /** Unread messages: `value` is a count (api-notes). */
  messageUnread: route({
    method: 'GET',
    path: '/wps/messageV2/unread',
    auth: 'T',
    encrypted: false,
    feature: 'INBOX3',
    query: noQuery,
    body: noBody,
    response: z.number().int(),
  }),
  chatModels: route({
    method: 'GET',
    path: '/wps/chat/models',
    auth: 'T',
    encrypted: false,
    feature: 'CBS3',
    query: noQuery,
    body: noBody,
    response: z.array(chatChannelSchema),
  }),
  chatLaunch: route({
    method: 'POST',
    path: '/wps/chat/launch',
    auth: 'T',
    encrypted: false,
    feature: 'CBS3',
    query: noQuery,
    body: chatLaunchRequestSchema,
    response: z.object({ chatUrl: z.string() }),
  }),
  chatRoom: route({
    method: 'GET',
    path: '/wps/chat/room',
    auth: 'T',
    encrypted: false,
    feature: 'CBS3',
    query: chatRoomQuerySchema,
    body: noBody,
    response: chatRoomSchema,
  }),
  chatPost: route({
    method: 'POST',
    path: '/wps/chat/room/message',
    auth: 'T',
    encrypted: false,
    feature: 'CBS3',
    query: noQuery,
    body: chatPostRequestSchema,
    response: chatMessageSchema,
  }),
  supportChat: route({
    method: 'GET',
    path: '/wps/chat/support',
    auth: 'T',
    encrypted: false,
    feature: 'CBS3',
    query: noQuery,
    body: noBody,
    response: supportChatSchema,
  }),
  supportPost: route({
    method: 'POST',
    path: '/wps/chat/support/message',
    auth: 'T',
    encrypted: false,
    feature: 'CBS3',
    query: noQuery,
    body: supportPostRequestSchema,
    response: supportChatMessageSchema,
  }),
} as const satisfies Record<string, RouteDef>;
