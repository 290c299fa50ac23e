import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button, Icon } from '../../../../components/ui';
import { FormFailure, useForm } from '../../../../components/ui/form';
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
  const [done, setDone] = useState(false);
  const complete = account.length > 0 && TOKEN.test(token);
  // No fields: the form is the press, sent once, with its failure.
  const form = useForm({
    initial: {},
    onSubmit: async (_, form) => {
      try {
        await redeemUnlockLink(account, token);
        setDone(true);
      } catch (error) {
        form.setFailure(accountErrorText(t, tc, error));
      }
    },
  });

  return (
    <section className={pageStyles.page} data-page="unlock">
      <div className={styles.panel}>
        <h1 className={styles.pageTitle}>{t('unlock.title')}</h1>
        {!complete ? (
          <FormFailure>{t('unlock.incomplete')}</FormFailure>
        ) : done ? (
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
          <form {...form.props} className={styles.form}>
            <p className={styles.lead}>{t('unlock.lead', { account })}</p>
            <FormFailure>{form.failure}</FormFailure>
            <Button type="submit" size="lg" block busy={form.submitting} disabled={form.submitting}>
              {form.submitting ? t('unlock.submitting') : t('unlock.submit')}
            </Button>
          </form>
        )}
      </div>
    </section>
  );
}
