import { useId } from 'react';
import { Button, Icon } from '../../../components/ui';
import { formatWireMoney } from '../../../lib/format/money';
import { useGamesTexts } from '../../../lib/games/texts';
import { useLaunchGame } from '../../../lib/games/use-launch-game';
import { useBrand } from '../../../lib/site';
import { useGameRooms } from '../api/game-rooms';
import styles from './sections.module.css';

/**
 * The open PVP rooms on the card-games page (checklist: room list call). Nothing shows while
 * there are none, which is the case until a PVP game is contracted.
 */
export function PvpRooms() {
  const { t } = useGamesTexts();
  const headingId = useId();
  const brand = useBrand();
  const launch = useLaunchGame();
  const rooms = useGameRooms();
  if (!rooms.data || rooms.data.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby={headingId} data-pvp-rooms="true">
      <div className={styles.head}>
        <h2 id={headingId}>{t('rooms.title')}</h2>
      </div>
      <ul className={styles.rooms}>
        {rooms.data.map((room) => (
          <li key={room.roomId} className={styles.room} data-room={room.roomId}>
            <span className={styles.roomName}>{room.name}</span>
            <span className={styles.roomMeta}>
              {t('rooms.players', { count: room.players })} ·{' '}
              {t('rooms.minBet', { amount: formatWireMoney(room.minBet, brand.currencySymbol) })}
            </span>
            <Button
              size="sm"
              onClick={() =>
                launch({
                  vassalage: room.vassalage,
                  gameType: 'PVP',
                  name: room.name,
                  gameCode: room.gameCode,
                })
              }
            >
              <Icon name="play" size={14} />
              {t('rooms.join')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
