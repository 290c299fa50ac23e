import type { ActiveSession } from '@aurum/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Spinner } from '../../../../components/ui';
import { accountErrorText } from '../../../../lib/account/errors';
import { useAccountTexts } from '../../../../lib/account/texts';
import { formatDateTime } from '../../../../lib/format/date';
import { notify } from '../../../../lib/notify/notify';
import { useActiveSessions, useEndOtherSessions, useEndSession } from './api/sessions';
import { ConfirmDialog } from './confirm-dialog';
import { deviceLabel, placeLabel } from './labels';
import styles from './sessions.module.css';

type Asking = { kind: 'one'; session: ActiveSession } | { kind: 'others' } | null;

/**
 * The security centre's active sessions: every browser and device signed in to the account, this
 * one marked, with sign-out for one other or all others (each asks first).
 */
export function ActiveSessions() {
  const { t: tc, i18n } = useTranslation();
  const { t } = useAccountTexts();
  const sessions = useActiveSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [asking, setAsking] = useState<Asking>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setAsking(null);
    setFailure(null);
  };
  const place = (p: string | null) => placeLabel(t, i18n.language, p);

  const confirm = async () => {
    setFailure(null);
    try {
      if (asking?.kind === 'one') {
        await endOne.mutateAsync(asking.session.id);
        notify(t('sessions.endedOne'), 'success');
      } else {
        const { ended } = await endOthers.mutateAsync();
        notify(t('sessions.endedOthers', { count: ended }), 'success');
      }
      close();
    } catch (error) {
      setFailure(accountErrorText(t, tc, error));
    }
  };

  if (sessions.isError) return <p className={styles.muted}>{t('sessions.loadFailed')}</p>;
  const list = sessions.data;
  if (!list) return <Spinner label={t('sessions.title')} />;
  const others = list.filter((s) => !s.current);
  return (
    <div className={styles.panel}>
      <p className={styles.muted}>{t('sessions.lead')}</p>
      <ul className={styles.list} aria-label={t('sessions.title')}>
        {list.map((s) => {
          const name = deviceLabel(t, s.device);
          return (
            <li key={s.id} className={styles.item} data-session={s.current ? 'current' : 'other'}>
              <div className={styles.itemHead}>
                <span className={styles.name}>{name}</span>
                {s.current ? <span className={styles.badge}>{t('sessions.thisDevice')}</span> : null}
              </div>
              <dl className={styles.meta}>
                <div>
                  <dt>{t('sessions.place')}</dt>
                  <dd>
                    {place(s.place)}
                    {s.ip ? ` · ${s.ip}` : ''}
                  </dd>
                </div>
                {s.device.id ? (
                  <div>
                    <dt>{t('sessions.deviceId')}</dt>
                    <dd>{s.device.id}</dd>
                  </div>
                ) : null}
                <div>
                  <dt>{t('sessions.signedIn')}</dt>
                  <dd>{formatDateTime(s.signedInAt)}</dd>
                </div>
                <div>
                  <dt>{t('sessions.lastSeen')}</dt>
                  <dd>{formatDateTime(s.lastSeenAt)}</dd>
                </div>
              </dl>
              {s.current ? null : (
                <Button
                  variant="secondary"
                  size="sm"
                  className={styles.itemAction}
                  aria-label={t('sessions.signOutNamed', { device: name })}
                  onClick={() => setAsking({ kind: 'one', session: s })}
                >
                  {t('sessions.signOut')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {others.length > 0 ? (
        <Button
          variant="secondary"
          onClick={() => setAsking({ kind: 'others' })}
          data-action="sign-out-others"
        >
          {t('sessions.signOutOthers')}
        </Button>
      ) : (
        <p className={styles.muted}>{t('sessions.noOthers')}</p>
      )}
      <ConfirmDialog
        open={asking !== null}
        dataModal="end-session"
        title={asking?.kind === 'one' ? t('sessions.confirmOneTitle') : t('sessions.confirmAllTitle')}
        text={
          asking?.kind === 'one'
            ? t('sessions.confirmOneText', {
                device: deviceLabel(t, asking.session.device),
                place: place(asking.session.place),
              })
            : t('sessions.confirmAllText')
        }
        confirmLabel={asking?.kind === 'one' ? t('sessions.signOut') : t('sessions.signOutOthers')}
        busy={endOne.isPending || endOthers.isPending}
        failure={failure}
        onConfirm={() => void confirm()}
        onClose={close}
      />
    </div>
  );
}
