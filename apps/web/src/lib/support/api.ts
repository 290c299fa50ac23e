import type { ChatMessage, ChatRoom, FeedbackType, MemberMessage } from '@aurum/contract';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../api';
import { useSession } from '../session/session-store';
import { useFeature } from '../site/site-context';

export const supportKeys = {
  unread: ['support', 'unread'] as const,
  messages: ['support', 'messages'] as const,
  feedbackSettings: ['support', 'feedback', 'settings'] as const,
  feedbackList: ['support', 'feedback', 'list'] as const,
  chatRoom: (room: string) => ['support', 'chat', 'room', room] as const,
  supportChat: ['support', 'chat', 'support'] as const,
  channels: ['support', 'chat', 'channels'] as const,
};

/**
 * The member's unread messages (`value` is a count). Never asked for a trial account (spec §6),
 * nor without INBOX3; the session WebSocket keeps it current (`messages` events).
 */
export function useUnreadMessages(): number {
  const { token, isTrial } = useSession();
  const inbox = useFeature('INBOX3');
  const query = useQuery({
    queryKey: [...supportKeys.unread, token],
    queryFn: ({ signal }) => apiCall('messageUnread', { signal }),
    enabled: Boolean(token) && !isTrial && inbox,
    staleTime: 60_000,
  });
  return query.data ?? 0;
}

/** A count the server pushed: it becomes the unread query's data, and open lists refresh. */
export function putUnread(client: QueryClient, token: string, unread: number): void {
  client.setQueryData([...supportKeys.unread, token], unread);
  void client.invalidateQueries({ queryKey: supportKeys.messages });
}

export const MESSAGES_PAGE_SIZE = 10;

export function useMessages(page: number) {
  return useQuery({
    queryKey: [...supportKeys.messages, page],
    queryFn: ({ signal }) => apiCall('messageList', { query: { page, size: MESSAGES_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

export type { MemberMessage };

export function useFeedbackSettings() {
  return useQuery({
    queryKey: supportKeys.feedbackSettings,
    queryFn: ({ signal }) => apiCall('feedbackSettings', { signal }),
    staleTime: 5 * 60_000,
  });
}

export const FEEDBACK_PAGE_SIZE = 5;

/** The contract's FEEDBACK_TYPES (schemas/support.ts carries zod: not imported in the browser). */
export const FEEDBACK_TYPES = [
  'deposit',
  'withdraw',
  'game',
  'service',
  'apply',
  'other',
] as const satisfies readonly FeedbackType[];

export function useFeedbackList(page: number) {
  return useQuery({
    queryKey: [...supportKeys.feedbackList, page],
    queryFn: ({ signal }) => apiCall('feedbackList', { query: { page, size: FEEDBACK_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useChatChannels() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...supportKeys.channels, i18n.language],
    queryFn: ({ signal }) => apiCall('chatModels', { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useChatRoom(room: string) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...supportKeys.chatRoom(room), i18n.language],
    queryFn: ({ signal }) => apiCall('chatRoom', { query: { room }, signal }),
  });
}

/** A live room event applied to the room's cached history (new message, deletion, mute). */
export function applyChatEvent(client: QueryClient, room: string, change: (r: ChatRoom) => ChatRoom): void {
  client.setQueriesData<ChatRoom>({ queryKey: supportKeys.chatRoom(room) }, (r) => (r ? change(r) : r));
}

/** Adds a message once (the poster's own reply and the live event may both bring it), in order. */
export const withMessage = (r: ChatRoom, m: ChatMessage): ChatRoom =>
  r.messages.some((x) => x.id === m.id)
    ? r
    : { ...r, messages: [...r.messages, m].sort((a, b) => a.id - b.id).slice(-200) };

export function useSupportChat() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...supportKeys.supportChat, i18n.language],
    queryFn: ({ signal }) => apiCall('supportChat', { signal }),
  });
}
