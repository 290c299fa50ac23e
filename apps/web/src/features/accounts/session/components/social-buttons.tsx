import type { SocialProvider } from '../../../../lib/account/register-settings';
import { useAccountTexts } from '../../../../lib/account/texts';
import { MERCHANT } from '../../../../lib/config';
import { currentLanguage } from '../../../../lib/i18n';
import styles from './auth.module.css';

const GLYPH: Record<SocialProvider, string> = {
  google: '/media/social/google.svg',
  facebook: '/media/social/facebook.svg',
};

/** Where a social sign-in starts; the provider returns to `returnTo` with a one-time `?ticket=`. */
export const socialStartUrl = (provider: SocialProvider, returnTo: string) =>
  `/wps/session/oauth/${provider}/start?${new URLSearchParams({
    merchant: MERCHANT,
    returnTo,
    site: 'member',
    language: currentLanguage(),
  }).toString()}`;

/** Google and Facebook sign-in, only for providers the register settings list. */
export function SocialButtons({ providers }: { providers: readonly SocialProvider[] }) {
  const { t } = useAccountTexts();
  const returnTo = window.location.pathname;
  return (
    <div className={styles.social}>
      <p className={styles.divider}>
        <span>{t('login.orContinue')}</span>
      </p>
      {providers.map((p) => (
        <a key={p} className={styles.socialButton} href={socialStartUrl(p, returnTo)} data-provider={p}>
          <img src={GLYPH[p]} alt="" width={20} height={20} />
          {p === 'google' ? t('login.google') : t('login.facebook')}
        </a>
      ))}
    </div>
  );
}
