import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../../components/ui';
import { useMemberInfo } from '../../../../lib/account/member-info';
import { useAccountTexts } from '../../../../lib/account/texts';
import { formatDateTime } from '../../../../lib/format/date';
import { fromI18nCode } from '../../../../lib/i18n';
import centre from '../member-centre.module.css';
import { useProfile } from './api';
import { AvatarEditor } from './avatar-editor';
import styles from './profile.module.css';
import { ProfileForm } from './profile-form';

/**
 * The security centre's profile (spec §2, §3): the account's fixed details, the avatar (PROFPIC3)
 * and the profile fields the merchant's rules show, editable but for the locked ones.
 */
export function ProfileSection() {
  const { t: tc, i18n } = useTranslation();
  const { t } = useAccountTexts();
  const info = useMemberInfo().data;
  const profile = useProfile();
  // The language the member reads the site in, by its own name (the header keeps the server's
  // copy in step when the member switches).
  const language = fromI18nCode(i18n.language);
  const rows: [string, string | null | undefined][] = info
    ? [
        [t('member.account'), info.account],
        [t('member.mobile'), info.mobile],
        [t('member.email'), info.email],
        [t('member.regDate'), formatDateTime(info.regDate)],
        [t('member.language'), tc(`languageNames.${language}`)],
      ]
    : [];
  return (
    <div className={styles.profile} data-profile="true">
      {info ? (
        <dl className={centre.profile} aria-label={t('profile.details')}>
          {rows.map(([label, v]) => (
            <div key={label} className={centre.row}>
              <dt>{label}</dt>
              <dd>{v || <span className={centre.muted}>{t('member.notSet')}</span>}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {profile.data ? (
        <>
          {profile.data.avatarEnabled ? (
            <AvatarEditor avatar={profile.data.avatar} maxBytes={profile.data.avatarMaxBytes} />
          ) : null}
          <ProfileForm profile={profile.data} />
        </>
      ) : (
        <Spinner label={t('member.profile')} />
      )}
    </div>
  );
}
