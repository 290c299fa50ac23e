import type { VendorCard } from '@aurum/contract';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, EmptyState, Icon, Modal, ModalTitle, Spinner } from '../../../components/ui';
import { useGamesTexts } from '../../../lib/games/texts';
import { useLaunchGame } from '../../../lib/games/use-launch-game';
import { Paginator } from '../../../lib/paging/paginator';
import { useGameList } from '../api/game-list';
import { GameGrid } from './game-grid';
import styles from './vendor-games-dialog.module.css';

interface Props {
  vendor: VendorCard;
  open: boolean;
  onClose: () => void;
}

/** The popup game list of a VASSALAGE vendor (spec §3 Game item): its games, or its own lobby. */
export default function VendorGamesDialog({ vendor, open, onClose }: Props) {
  return (
    <Modal open={open} onClose={onClose} size="lg" dataModal="vendor-games">
      <Suspense fallback={<ListLoading />}>
        <VendorGames vendor={vendor} />
      </Suspense>
    </Modal>
  );
}

/** While the games texts of another language load. */
function ListLoading() {
  const { t } = useTranslation();
  return (
    <>
      <ModalTitle className="visually-hidden">{t('common.loading')}</ModalTitle>
      <Spinner label={t('common.loading')} />
    </>
  );
}

function VendorGames({ vendor }: { vendor: VendorCard }) {
  const { t } = useGamesTexts();
  const launch = useLaunchGame();
  const [page, setPage] = useState(1);
  const list = useGameList({ vassalage: vendor.vassalage, page });
  const openLobby = () =>
    launch({ vassalage: vendor.vassalage, gameType: vendor.gameType, name: vendor.name, icon: vendor.icon });
  const lobbyButton = (
    <Button variant="secondary" onClick={openLobby} data-action="vendor-lobby">
      <Icon name="play" size={16} />
      {t('vendorGames.openLobby')}
    </Button>
  );
  const title = t('vendorGames.title', { vendor: vendor.name });
  return (
    <div className={styles.list} data-vendor-games={vendor.vassalage}>
      <ModalTitle>{title}</ModalTitle>
      <GameGrid
        games={list.isError ? [] : list.data?.content}
        stale={list.isPlaceholderData}
        label={title}
        skeletons={8}
        empty={
          <EmptyState
            headingLevel={3}
            icon="grid"
            title={
              list.isError ? t('lobby.loadFailed') : t('vendorGames.emptyTitle', { vendor: vendor.name })
            }
            text={t('vendorGames.emptyText')}
            action={lobbyButton}
          />
        }
      />
      {list.data && list.data.content.length > 0 ? (
        <div className={styles.footer}>
          <Paginator
            page={list.data.pageNum}
            totalPages={list.data.totalPages}
            onChange={setPage}
            label={t('vendorGames.pages', { vendor: vendor.name })}
          />
          {lobbyButton}
        </div>
      ) : null}
    </div>
  );
}
