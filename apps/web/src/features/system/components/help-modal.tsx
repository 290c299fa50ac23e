import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Icon, ModalTitle, SafeHtml, Spinner, TabPanel, Tabs } from '../../../components/ui';
import type { ModalBodyProps } from '../../../components/ui/modal';
import { useContentTexts, useHelpCenter } from '../../../lib/content';
import { PageBanner } from '../../../lib/content/page-banner';
import { useResources } from '../../../lib/site';
import { useOpenCustomerService } from '../../../lib/support/customer-service';
import styles from './help-modal.module.css';

const textOf = (html: string) => html.replace(/<[^>]*>/g, ' ');

/** The help centre (GET /wps/system/helpCenter): categories as tabs, articles to open, a search box. */
export default function HelpModal(_: ModalBodyProps<'help'>) {
  const { t } = useTranslation();
  const { t: ct } = useContentTexts();
  const cs = useResources('CUSTOMER_SERVICE');
  const openCs = useOpenCustomerService();
  const { data: categories = [], isPending, isError, refetch } = useHelpCenter();
  const [chosen, setChosen] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const idBase = useId();
  const active = categories.find((c) => c.id === chosen) ?? categories[0];
  const term = search.trim().toLowerCase();
  const found = useMemo(
    () =>
      term
        ? categories.flatMap((c) =>
            c.articles.filter((a) => `${a.title} ${textOf(a.content)}`.toLowerCase().includes(term)),
          )
        : null,
    [categories, term],
  );
  const articles = (list: (typeof categories)[number]['articles']) => (
    <ul className={styles.articles}>
      {list.map((a) => (
        <li key={a.id}>
          <details className={styles.article} data-article={a.id}>
            <summary className={styles.summary}>
              <span>{a.title}</span>
              <Icon name="chevron-down" size={18} className={styles.chevron} />
            </summary>
            <SafeHtml html={a.content} className={styles.body} />
          </details>
        </li>
      ))}
    </ul>
  );
  return (
    <div className={styles.help} data-help-centre="true">
      <ModalTitle>{t('help.title')}</ModalTitle>
      <PageBanner group="help" />
      <section aria-labelledby="help-categories" className={styles.section}>
        <h3 id="help-categories" className={styles.heading}>
          {t('help.categories')}
        </h3>
        {isPending ? (
          <Spinner label={t('common.loading')} />
        ) : isError ? (
          <div className={styles.retry}>
            <p className={styles.muted}>{ct('help.loadFailed')}</p>
            <Button variant="secondary" onClick={() => void refetch()}>
              {ct('help.retry')}
            </Button>
          </div>
        ) : categories.length === 0 || !active ? (
          <p className={styles.muted}>{t('help.empty')}</p>
        ) : (
          <>
            <label className={styles.search}>
              <span className="visually-hidden">{ct('help.search')}</span>
              <input
                type="search"
                value={search}
                placeholder={ct('help.search')}
                onChange={(e) => setSearch(e.target.value)}
              />
            </label>
            {found ? (
              found.length ? (
                articles(found)
              ) : (
                <p className={styles.muted}>{ct('help.noMatch', { term: search.trim() })}</p>
              )
            ) : (
              <>
                <Tabs
                  label={t('help.categories')}
                  idBase={idBase}
                  items={categories.map((c) => ({ value: c.id, label: c.title }))}
                  value={active.id}
                  onChange={setChosen}
                  className={styles.tabs}
                />
                <TabPanel idBase={idBase} value={active.id}>
                  {articles(active.articles)}
                </TabPanel>
              </>
            )}
          </>
        )}
      </section>
      <section className={styles.contact}>
        <Icon name="headset" size={28} />
        <p>{t('help.contactText')}</p>
        <Button onClick={() => openCs(cs[0])} disabled={cs.length === 0}>
          {t('common.contactCustomerService')}
        </Button>
      </section>
    </div>
  );
}
