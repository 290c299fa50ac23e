import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button, Icon, type ModalBodyProps, ModalTitle, Spinner, useModal } from '../../components/ui';
import { apiCall } from '../../lib/api';
import { useSession } from '../../lib/session/session-store';
import { useChatChannels } from '../../lib/support/api';
import { useSupportTexts } from '../../lib/support/texts';
import styles from './chat.module.css';
import { ChatRoomView, SignInToChat } from './chat-views';

/** Spec §2 Modals, chat room: the merchant's room, live, with a way to live support. */
export default function ChatRoomModal({ close }: ModalBodyProps<'chatRoom'>) {
  const { t } = useSupportTexts();
  const { token } = useSession();
  const modal = useModal();
  const navigate = useNavigate();
  const channels = useChatChannels();
  const launch = useMutation({
    mutationFn: (channel: string) => apiCall('chatLaunch', { body: { channel } }),
    onSuccess: ({ chatUrl }) => {
      close();
      void navigate(chatUrl);
    },
  });
  if (!token) {
    return (
      <>
        <ModalTitle>{t('chat.roomTitle')}</ModalTitle>
        <SignInToChat onSignIn={() => modal.open('login')} />
      </>
    );
  }
  const room = channels.data?.find((c) => c.kind === 'ROOM');
  return (
    <div className={styles.modal}>
      <ModalTitle>{room?.name ?? t('chat.roomTitle')}</ModalTitle>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          size="sm"
          busy={launch.isPending}
          onClick={() => launch.mutate('support')}
        >
          <Icon name="headset" size={16} />
          {t('chat.openLive')}
        </Button>
        {room ? (
          <Button variant="ghost" size="sm" onClick={() => launch.mutate(room.id)}>
            <Icon name="external" size={16} />
            {t('chat.openPage')}
          </Button>
        ) : null}
      </div>
      {room ? (
        <ChatRoomView room={room.id.slice('room:'.length)} />
      ) : channels.isError ? (
        <p>{t('chat.unknown')}</p>
      ) : (
        <Spinner label={t('chat.loading')} />
      )}
    </div>
  );
}
