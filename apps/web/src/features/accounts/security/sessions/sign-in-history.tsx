import type { SignInEntry } from '@aurum/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, Spinner, useModal } from '../../../../components/ui';
import { accountErrorText } from '../../../../lib/account/errors';
import { forgetRememberedAccount } from '../../../../lib/account/logout';
import { useAccountTexts } from '../../../../lib/account/texts';
import { formatDateTime } from '../../../../lib/format/date';
import { notify } from '../../../../lib/notify/notify';
import { paths } from '../../../../lib/routes/paths';
import { endSession } from '../../../../lib/session/session-store';
import { useDisownSignIn, useSignInHistory } from './api/sessions';
import { ConfirmDialog } from './confirm-dialog';
import { deviceLabel, placeLabel } from './labels';
import styles from './sessions.module.css';

/**
 * The security centre's sign-in history: the last 20 sign-ins and failed attempts, with "This
 * wasn't me" on each sign-in (it signs out everywhere and asks for a new password next time).
 */
export function SignInHistory() {
  const { t: tc, i18n } = useTranslation();
  const { t } = useAccountTexts();
  const history = useSignInHistory();
  const disown = useDisownSignIn();
  const queryClient = useQueryClient();
  const modal = useModal();
  const navigate = useNavigate();
  const [asking, setAsking] = useState<SignInEntry | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setAsking(null);
    setFailure(null);
  };

  const confirm = async (entry: SignInEntry) => {
    setFailure(null);
    try {
      await disown.mutateAsync(entry.id);
    } catch (error) {
      setFailure(accountErrorText(t, tc, error));
      return;
    }
    // The server has ended this session too.
    endSession();
    forgetRememberedAccount();
    queryClient.removeQueries({ queryKey: ['member'] });
    close();
    modal.closeAll();
    notify(t('sessions.notMeDone'), 'success');
    navigate(paths.home);
  };

  if (history.isError) return <p className={styles.muted}>{t('sessions.loadFailed')}</p>;
  const list = history.data;
  if (!list) return <Spinner label={t('sessions.historyTitle')} />;
  return (
    <div className={styles.panel}>
      <p className={styles.muted}>{t('sessions.historyLead')}</p>
      {list.length === 0 ? (
        <p className={styles.muted}>{t('sessions.empty')}</p>
      ) : (
        <ul className={styles.list} aria-label={t('sessions.historyTitle')}>
          {list.map((entry) => (
            <li key={entry.id} className={styles.item} data-sign-in={entry.success ? 'success' : 'failed'}>
              <div className={styles.itemHead}>
                <time className={styles.name} dateTime={new Date(entry.at).toISOString()}>
                  {formatDateTime(entry.at)}
                </time>
                <span className={entry.success ? styles.badge : styles.badgeFailed}>
                  {entry.success ? t('sessions.success') : t('sessions.failed')}
                </span>
              </div>
              <p className={styles.line}>
                {t(`sessions.method.${entry.method}`)} · {deviceLabel(t, entry.device)}
              </p>
              <p className={styles.line}>
                {placeLabel(t, i18n.language, entry.place)}
                {entry.ip ? ` · ${entry.ip}` : ''}
              </p>
              {entry.success ? (
                <Button
                  variant="secondary"
                  size="sm"
                  className={styles.itemAction}
                  aria-label={t('sessions.notMeNamed', { time: formatDateTime(entry.at) })}
                  onClick={() => setAsking(entry)}
                >
                  {t('sessions.notMe')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={asking !== null}
        dataModal="not-me"
        title={t('sessions.notMeTitle')}
        text={t('sessions.notMeText')}
        confirmLabel={t('sessions.notMeConfirm')}
        busy={disown.isPending}
        failure={failure}
        onConfirm={() => {
          if (asking) void confirm(asking);
        }}
        onClose={close}
      />
    </div>
  );
}
