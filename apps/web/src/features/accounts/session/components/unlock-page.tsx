import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button, Icon } from '../../../../components/ui';
import { accountErrorText } from '../../../../lib/account/errors';
import { useAccountTexts } from '../../../../lib/account/texts';
import { paths } from '../../../../lib/routes/paths';
import { redeemUnlockLink } from '../api/login';
import styles from './auth.module.css';
import pageStyles from './auth-pages.module.css';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * `/unlock?account=…&token=…`: the page an unlock link opens. Opening it changes nothing (mail
 * scanners open links too); the member's press sends the token by POST, once.
 */
export default function UnlockPage() {
  const { t: tc } = useTranslation();
  const { t } = useAccountTexts();
  const [params] = useSearchParams();
  const account = params.get('account')?.trim() ?? '';
  const token = params.get('token') ?? '';
  const [state, setState] = useState<'ready' | 'busy' | 'done'>('ready');
  const [failure, setFailure] = useState<string | null>(null);
  const complete = account.length > 0 && TOKEN.test(token);

  const unlock = async () => {
    setState('busy');
    setFailure(null);
    try {
      await redeemUnlockLink(account, token);
      setState('done');
    } catch (error) {
      setState('ready');
      setFailure(accountErrorText(t, tc, error));
    }
  };

  return (
    <section className={pageStyles.page} data-page="unlock">
      <div className={styles.panel}>
        <h1 className={styles.pageTitle}>{t('unlock.title')}</h1>
        {!complete ? (
          <p role="alert" className={styles.failure}>
            <Icon name="alert" size={18} />
            {t('unlock.incomplete')}
          </p>
        ) : state === 'done' ? (
          <>
            <p role="status" className={styles.note} data-unlocked="true">
              <Icon name="lock" size={18} />
              {t('unlock.done')}
            </p>
            <Link className={styles.textLink} to={paths.loginPage}>
              {t('unlock.login')}
            </Link>
          </>
        ) : (
          <>
            <p className={styles.lead}>{t('unlock.lead', { account })}</p>
            {failure ? (
              <p role="alert" className={styles.failure}>
                <Icon name="alert" size={18} />
                {failure}
              </p>
            ) : null}
            <Button
              type="button"
              size="lg"
              block
              busy={state === 'busy'}
              disabled={state === 'busy'}
              onClick={() => void unlock()}
            >
              {state === 'busy' ? t('unlock.submitting') : t('unlock.submit')}
            </Button>
          </>
        )}
      </div>
    </section>
  );
}
