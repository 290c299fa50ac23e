import { useTranslation } from 'react-i18next';
import { Icon, Menu } from '../../../components/ui';
import { chooseUserLanguage, fromI18nCode, HTML_LANG, offeredLanguages } from '../../../lib/i18n';
import { useBrand } from '../../../lib/site';
import styles from './header-controls.module.css';

/** Spec §2 Header: the selector shows only when the merchant supports more than one language. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const brand = useBrand();
  const offered = offeredLanguages(brand.supportLanguages);
  if (offered.length < 2) return null;
  const current = fromI18nCode(i18n.language);
  return (
    <Menu
      label={t('header.language', { language: t(`languageNames.${current}`) })}
      menuLabel={t('header.languageMenu')}
      testId="language-menu"
      buttonClassName={styles.control}
      trigger={
        <>
          <Icon name="globe" />
          <span className={styles.code}>{current}</span>
        </>
      }
      items={offered.map((lang) => ({
        key: lang,
        label: <span lang={HTML_LANG[lang]}>{t(`languageNames.${lang}`)}</span>,
        checked: lang === current,
        onSelect: () => void chooseUserLanguage(lang),
      }))}
    />
  );
}

/** The same choice as a flat list, for the drawer. */
export function LanguageList() {
  const { t, i18n } = useTranslation();
  const brand = useBrand();
  const offered = offeredLanguages(brand.supportLanguages);
  if (offered.length < 2) return null;
  const current = fromI18nCode(i18n.language);
  return (
    <fieldset className={styles.languageList}>
      <legend className={styles.legend}>{t('header.languageMenu')}</legend>
      {offered.map((lang) => (
        <button
          key={lang}
          type="button"
          className={styles.languageOption}
          aria-pressed={lang === current}
          onClick={() => void chooseUserLanguage(lang)}
        >
          {t(`languageNames.${lang}`)}
        </button>
      ))}
    </fieldset>
  );
}
