import type { GameType } from '@aurum/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button, ButtonLink, EmptyState, Icon, Img, useModal } from '../../../components/ui';
import { GAME_TYPES } from '../../../lib/contract';
import { allVendors } from '../../../lib/games';
import { paths } from '../../../lib/routes/paths';
import { useGameMenus } from '../../../lib/site';
import styles from './game-list-center.module.css';
import pages from './pages.module.css';

const toGameType = (v: string | undefined): GameType | null => {
  const upper = (v ?? '').toUpperCase();
  return (GAME_TYPES as readonly string[]).includes(upper) ? (upper as GameType) : null;
};

/** The named route gameListCenter: /gameListCenter/:vassalage/:gameType (both lower case). */
export default function GameListCenterPage() {
  const { t } = useTranslation();
  const modal = useModal();
  const params = useParams();
  const { menus, status } = useGameMenus();
  const gameType = toGameType(params.gameType);
  const vendor = useMemo(
    () =>
      allVendors(menus).find(
        (v) =>
          v.vassalage.toLowerCase() === (params.vassalage ?? '').toLowerCase() &&
          (!gameType || v.gameType === gameType),
      ),
    [menus, params.vassalage, gameType],
  );

  if (!vendor) {
    if (status === 'pending') return <div className={pages.page} aria-busy="true" />;
    return (
      <div className={pages.page} data-page="game-list">
        <EmptyState
          title={t('games.vendorNotFound')}
          text={t('games.vendorNotFoundText')}
          action={<ButtonLink to={paths.rng}>{t('games.browseSlots')}</ButtonLink>}
        />
      </div>
    );
  }

  const start = () =>
    modal.open('gameLaunch', {
      vassalage: vendor.vassalage,
      gameType: vendor.gameType,
      name: vendor.name,
      icon: vendor.icon,
    });
  return (
    <div className={pages.page} data-page="game-list" data-vendor={vendor.vassalage}>
      <header className={styles.head}>
        <div className={styles.logo}>
          <Img src={vendor.icon} alt="" ratio={16 / 9} fit="contain" lazy={false} />
        </div>
        <div className={styles.copy}>
          <h1>
            {t('games.gameListTitle', { vendor: vendor.name, category: t(`categories.${vendor.gameType}`) })}
          </h1>
          <Button size="lg" onClick={start}>
            <Icon name="play" size={16} />
            {t('common.startGame')}
          </Button>
        </div>
      </header>
      <EmptyState title={t('games.gameListEmpty')} text={t('games.gameListEmptyText')} />
    </div>
  );
}
