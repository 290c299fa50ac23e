import { useTranslation } from 'react-i18next';
import { Button, Icon, Img, type ModalBodyProps, ModalTitle, useModal } from '../../../components/ui';
import { TrialBlock } from '../../../lib/account/trial-block';
import { useSession } from '../../../lib/session/session-store';
import { useResources } from '../../../lib/site';
import { useOpenCustomerService } from '../../../lib/support/customer-service';
import styles from './game-launch-modal.module.css';

/**
 * The game-launch modal. Visitors are asked to log in first (spec §6: "you are not logged in"),
 * trial accounts are told a real account is needed (spec §4);
 * the launch itself (GET /wps/game/launchGame) arrives with the games issue.
 */
export default function GameLaunchModal({ params, close }: ModalBodyProps<'gameLaunch'>) {
  const { t } = useTranslation();
  const { token, isTrial } = useSession();
  const modal = useModal();
  const cs = useResources('CUSTOMER_SERVICE');
  const openCs = useOpenCustomerService();
  return (
    <div className={styles.launch} data-vendor={params.vassalage}>
      <ModalTitle>{t('gameLaunch.title', { name: params.name })}</ModalTitle>
      {params.icon ? (
        <div className={styles.art}>
          <Img src={params.icon} alt="" ratio={16 / 9} fit="contain" lazy={false} className={styles.img} />
        </div>
      ) : null}
      {token && isTrial ? (
        <TrialBlock close={close} />
      ) : token ? (
        <div className={styles.message}>
          <h3>{t('gameLaunch.unavailable')}</h3>
          <p>{t('gameLaunch.unavailableText')}</p>
          {cs.length > 0 ? (
            <Button variant="secondary" onClick={() => openCs(cs[0])}>
              <Icon name="headset" />
              {t('common.contactCustomerService')}
            </Button>
          ) : null}
        </div>
      ) : (
        <div className={styles.message}>
          <h3>{t('gameLaunch.notLoggedIn')}</h3>
          <p>{t('gameLaunch.notLoggedInText')}</p>
          <Button
            size="lg"
            onClick={() => {
              close();
              modal.open('login');
            }}
          >
            {t('common.logIn')}
          </Button>
        </div>
      )}
    </div>
  );
}
