import { useTranslation } from 'react-i18next';
import { Button, EmptyState, useModal } from '../../components/ui';
import { useAccountTexts } from './texts';

/**
 * What a trial (free-play) account sees instead of the member centre, the account centre or a
 * game launch (spec §4 Trial accounts, §8: in_need_true_account), with a way to register.
 */
export function TrialBlock({ close }: { close?: () => void }) {
  const { t: tc } = useTranslation();
  const { t } = useAccountTexts();
  const modal = useModal();
  return (
    <div data-trial-block="true">
      <EmptyState
        icon="lock"
        title={t('member.needAccountTitle')}
        text={tc('in_need_true_account')}
        action={
          <Button
            size="lg"
            onClick={() => {
              close?.();
              modal.open('register');
            }}
          >
            {t('member.registerNow')}
          </Button>
        }
      />
    </div>
  );
}
