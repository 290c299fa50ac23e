import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountTexts } from '../../../../lib/account/texts';
import { WarningDialog } from '../../../../lib/account/warning-dialog';
import { errorTextKey, isApiError } from '../../../../lib/api';
import { notify } from '../../../../lib/notify/notify';
import { SMS_SECONDS_PER_MINUTE, useCountdown, useThrottle } from '../hooks/timers';
import styles from './auth.module.css';

interface SmsButtonProps {
  /** Sends the code; the reply's expiredMinutes drives the countdown. */
  send: () => Promise<{ expiredMinutes: number }>;
  /** Checks the number first; false stops the request (the form shows why). */
  validate: () => boolean;
  /** What the toast says once sent (a code to an email address says so); "sent to your phone" else. */
  sentText?: string;
  /** The popup's text for a failure; the server's message (or an unknown error) when not given. */
  describeFailure?: (error: unknown) => string;
}

/**
 * The SMS button (spec §4): one request per second at most, disabled while it counts down 60 s
 * per minute the code is valid; a failure shows a warning popup with the server's message.
 */
export function SmsButton({ send, validate, sentText, describeFailure }: SmsButtonProps) {
  const { t: tc } = useTranslation();
  const { t } = useAccountTexts();
  const gate = useThrottle();
  const { remaining, start } = useCountdown();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const counting = remaining > 0;

  const onClick = async () => {
    if (counting || busy || !validate() || !gate()) return;
    setBusy(true);
    try {
      const { expiredMinutes } = await send();
      start(Math.max(1, expiredMinutes) * SMS_SECONDS_PER_MINUTE);
      notify(sentText ?? t('sms.sent'), 'success');
    } catch (error) {
      setFailure(
        describeFailure?.(error) ?? ((isApiError(error) && error.message) || tc(errorTextKey(null))),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className={styles.smsButton}
        disabled={counting || busy}
        aria-busy={busy || undefined}
        onClick={() => void onClick()}
        data-action="send-sms"
      >
        {counting ? t('sms.countdown', { seconds: remaining }) : t('sms.send')}
      </button>
      <WarningDialog
        open={failure !== null}
        onClose={() => setFailure(null)}
        title={t('sms.failedTitle')}
        text={failure ?? ''}
        dataModal="sms-failed"
      />
    </>
  );
}
