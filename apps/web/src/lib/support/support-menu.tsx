import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { Icon, type MenuItem, useModal } from '../../components/ui';
import { apiCall } from '../api';
import { loadChunk } from '../chunks/chunk-load';
import { useSession } from '../session/session-store';
import { useFeature } from '../site/site-context';
import type { SupportLabelKey as LabelKey } from './support-label';

// The labels carry the support texts, which load with their own chunk, never the first one.
const LabelText = lazy(() => loadChunk(() => import('./support-label')));

/** A menu label in the support namespace; the catalogue of another language loads on first open. */
const label = (k: LabelKey) => (
  <Suspense fallback={<span aria-hidden="true">…</span>}>
    <LabelText k={k} />
  </Suspense>
);

/**
 * The support entries of the customer-service menu for a signed-in member: feedback (not for
 * trial accounts), the chat room, and live support (launched: the server gives the chat page's URL).
 */
export function useSupportMenuItems(): MenuItem[] {
  const { token, isTrial } = useSession();
  const feedback = useFeature('FEEDBACK3');
  const chat = useFeature('CBS3');
  const modal = useModal();
  const navigate = useNavigate();
  if (!token) return [];
  const items: MenuItem[] = [];
  if (feedback && !isTrial) {
    items.push({
      key: 'support-feedback',
      label: label('chat.openFeedback'),
      icon: <Icon name="mail" size={18} />,
      onSelect: () => modal.open('feedback'),
    });
  }
  if (chat) {
    items.push({
      key: 'support-chat-room',
      label: label('chat.openRoom'),
      icon: <Icon name="user" size={18} />,
      onSelect: () => modal.open('chatRoom'),
    });
    items.push({
      key: 'support-live',
      label: label('chat.openLive'),
      icon: <Icon name="headset" size={18} />,
      onSelect: () => {
        apiCall('chatLaunch', { body: { channel: 'support' } })
          .then(({ chatUrl }) => navigate(chatUrl))
          // The page shows what went wrong (signed out, chat off) itself.
          .catch(() => navigate('/chat?channel=support'));
      },
    });
  }
  return items;
}
