import { useSearchParams } from 'react-router';
import { EmptyState, PageHeader, useModal } from '../../components/ui';
import { useSession } from '../../lib/session/session-store';
import { useChatChannels } from '../../lib/support/api';
import { useSupportTexts } from '../../lib/support/texts';
import styles from './chat.module.css';
import { ChatRoomView, SignInToChat, SupportChatView } from './chat-views';

/**
 * /chat?channel=room:<id> | support: the page a launched chat opens (the launch call's chatUrl):
 * a chat room, or live support with the operator.
 */
export default function ChatPage() {
  const { t } = useSupportTexts();
  const { token } = useSession();
  const modal = useModal();
  const [params] = useSearchParams();
  const channel = params.get('channel') ?? 'support';
  const channels = useChatChannels();
  const known = channels.data?.find((c) => c.id === channel);
  const title = channel === 'support' ? t('chat.liveTitle') : (known?.name ?? t('chat.roomTitle'));
  return (
    <div className={styles.page} data-chat-page={channel}>
      <PageHeader title={title} />
      {!token ? (
        <SignInToChat onSignIn={() => modal.open('login')} />
      ) : channel === 'support' ? (
        <SupportChatView />
      ) : channel.startsWith('room:') && (known || !channels.data) ? (
        <ChatRoomView room={channel.slice('room:'.length)} />
      ) : (
        <EmptyState icon="alert" title={t('chat.unknown')} />
      )}
    </div>
  );
}
