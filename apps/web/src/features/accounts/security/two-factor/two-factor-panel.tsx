import type { TwoFactorSetup } from '@aurum/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Icon, Spinner } from '../../../../components/ui';
import { FormFailure } from '../../../../components/ui/form';
import { accountErrorText } from '../../../../lib/account/errors';
import { useMemberInfo } from '../../../../lib/account/member-info';
import { useAccountTexts } from '../../../../lib/account/texts';
import { formatDateTime } from '../../../../lib/format/date';
import { notify } from '../../../../lib/notify/notify';
import { useNewRecoveryCodes } from './api/two-factor-recovery';
import { useTwoFactorSetup } from './api/two-factor-setup';
import { useTwoFactorStatus } from './api/two-factor-status';
import { useUnbindTwoFactor } from './api/two-factor-unbind';
import { BindFlow } from './bind-flow';
import { CodeCheckForm } from './code-check-form';
import { RecoveryCodes } from './recovery-codes';
import styles from './two-factor.module.css';

type View =
  | { kind: 'status' }
  | { kind: 'binding'; setup: TwoFactorSetup }
  | { kind: 'codes'; codes: string[]; bound: boolean }
  | { kind: 'unbinding' }
  | { kind: 'regenerating' };

/**
 * The security centre's two-factor authentication: on or off (since when, recovery codes left),
 * binding an authenticator app, unbinding it, new recovery codes.
 */
export function TwoFactorPanel() {
  const { t: tc } = useTranslation();
  const { t } = useAccountTexts();
  const status = useTwoFactorStatus();
  const account = useMemberInfo().data?.account ?? '';
  const setup = useTwoFactorSetup();
  const unbind = useUnbindTwoFactor();
  const regenerate = useNewRecoveryCodes();
  const [view, setView] = useState<View>({ kind: 'status' });
  const [failure, setFailure] = useState<string | null>(null);
  const back = () => setView({ kind: 'status' });

  const startBinding = async () => {
    setFailure(null);
    try {
      setView({ kind: 'binding', setup: await setup.mutateAsync() });
    } catch (error) {
      setFailure(accountErrorText(t, tc, error));
    }
  };

  switch (view.kind) {
    case 'binding':
      return (
        <BindFlow
          setup={view.setup}
          onBound={(codes) => setView({ kind: 'codes', codes, bound: true })}
          onCancel={back}
        />
      );
    case 'codes':
      return (
        <RecoveryCodes
          codes={view.codes}
          account={account}
          onDone={() => {
            if (view.bound) notify(t('twoFactor.boundDone'), 'success');
            back();
          }}
        />
      );
    case 'unbinding':
      return (
        <CodeCheckForm
          kind="unbind"
          text={t('twoFactor.unbindText')}
          submitLabel={t('twoFactor.unbind')}
          send={async (v) => {
            await unbind.mutateAsync(v);
            notify(t('twoFactor.unbound'), 'success');
            back();
          }}
          onCancel={back}
        />
      );
    case 'regenerating':
      return (
        <CodeCheckForm
          kind="regenerate"
          text={t('twoFactor.regenerateText')}
          submitLabel={t('twoFactor.regenerateSubmit')}
          send={async ({ code }) => {
            const { recoveryCodes } = await regenerate.mutateAsync({ code });
            setView({ kind: 'codes', codes: recoveryCodes, bound: false });
          }}
          onCancel={back}
        />
      );
  }

  const value = status.data;
  if (!value) return <Spinner label={t('twoFactor.title')} />;
  return (
    <div className={styles.panel} data-two-factor={value.bound ? 'on' : 'off'}>
      <p className={styles.muted}>{t('twoFactor.lead')}</p>
      <p className={styles.status}>
        <Icon name={value.bound ? 'check' : 'lock'} size={18} />
        {value.bound && value.boundAt !== null
          ? t('twoFactor.statusOn', { date: formatDateTime(value.boundAt) })
          : t('twoFactor.statusOff')}
      </p>
      {value.bound ? (
        <>
          <p className={styles.muted}>{t('twoFactor.codesLeft', { count: value.recoveryCodesLeft })}</p>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => setView({ kind: 'regenerating' })}>
              {t('twoFactor.regenerate')}
            </Button>
            <Button variant="secondary" onClick={() => setView({ kind: 'unbinding' })}>
              {t('twoFactor.unbind')}
            </Button>
          </div>
        </>
      ) : value.hasPassword ? (
        <Button onClick={() => void startBinding()} busy={setup.isPending} disabled={setup.isPending}>
          {t('twoFactor.bind')}
        </Button>
      ) : (
        <p className={styles.muted}>{t('twoFactor.needsPassword')}</p>
      )}
      <FormFailure>{failure}</FormFailure>
    </div>
  );
}
