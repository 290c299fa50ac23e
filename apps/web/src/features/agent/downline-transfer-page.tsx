import type { RouteValue } from '@aurum/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { Spinner, useModal } from '../../components/ui';
import { useMemberInfo } from '../../lib/account/member-info';
import { formatDate } from '../../lib/format/date';
import { mainBalanceText, useWalletBalance } from '../../lib/money/balance';
import { LoadFailure, Notice, PaymentPasswordPrompt, SearchField } from '../../lib/money/fields';
import { GuardedTransferForm } from '../../lib/money/guarded-transfer-form';
import shared from '../../lib/money/money.module.css';
import { type ReceiptValue, TransferReceipt } from '../../lib/money/receipt';
import { Recipient, TransferParties } from '../../lib/money/recipient';
import { useFundsTexts } from '../../lib/money/texts';
import { PagedResults } from '../../lib/paging/paged-results';
import { useBrand, useFeature } from '../../lib/site';
import { DOWNLINES_PAGE_SIZE, useDownlines, useDownlineTransfer } from './api/downlines';
import styles from './downline-transfer.module.css';

type Downline = RouteValue<'downlines'>['content'][number];

/** The search waits for a pause in typing before it asks the server. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The agent centre's downline transfer (issue: "agents send money to their own downlines only",
 * feature AGEDOWNTRANS3): find one of the agent's direct downlines, then amount and payment
 * password, then a receipt. The server checks that the account really is the agent's downline.
 */
export default function DownlineTransferPage() {
  const { t } = useFundsTexts();
  const enabled = useFeature('AGEDOWNTRANS3');
  if (!enabled) {
    return (
      <div className={shared.page} data-funds-page="downlineTransfer">
        <Notice>{t('downline.off')}</Notice>
      </div>
    );
  }
  return <DownlineTransfer />;
}

function DownlineTransfer() {
  const { t } = useFundsTexts();
  const brand = useBrand();
  const modal = useModal();
  const info = useMemberInfo();
  const balance = useWalletBalance();
  const transfer = useDownlineTransfer();
  const formTitleId = useId();
  const [picked, setPicked] = useState<Downline | null>(null);
  const [receipt, setReceipt] = useState<ReceiptValue | null>(null);
  const formSection = useRef<HTMLElement>(null);

  const symbol = balance.data?.currencySymbol || brand.currencySymbol;
  const available = mainBalanceText(balance.data);

  // Picking a downline leads straight to the amount.
  useEffect(() => {
    if (picked) formSection.current?.querySelector<HTMLInputElement>('input[name="amount"]')?.focus();
  }, [picked]);

  if (info.isError) return <LoadFailure error={info.error} onRetry={() => void info.refetch()} />;
  if (!info.data) return <Spinner label={t('downline.loading')} />;

  if (!info.data.pwdEnabled) {
    return (
      <div className={shared.page} data-funds-page="downlineTransfer">
        <PaymentPasswordPrompt
          onSetUp={() =>
            modal.open('memberCenter', { page: 'securityCenter' }, { onClose: () => void info.refetch() })
          }
        />
      </div>
    );
  }

  if (receipt && picked) {
    return (
      <div className={shared.page} data-funds-page="downlineTransfer">
        <TransferReceipt
          receipt={receipt}
          symbol={symbol}
          recipient={<Recipient account={picked.account} nickname={picked.nickname} />}
          onAgain={() => setReceipt(null)}
        />
      </div>
    );
  }

  return (
    <div className={shared.page} data-funds-page="downlineTransfer">
      <DownlinePicker picked={picked} onPick={setPicked} />
      {picked ? (
        <section ref={formSection} className={shared.section} aria-labelledby={formTitleId}>
          <h3 id={formTitleId}>{t('downline.formTitle')}</h3>
          <GuardedTransferForm
            name="downline-transfer"
            symbol={symbol}
            available={available}
            submitLabel={t('downline.submit')}
            intent={picked.account}
            send={(request) => transfer.mutateAsync({ ...request, downlineAccount: picked.account })}
            onDone={setReceipt}
          >
            <TransferParties
              to={picked}
              mark="downline"
              toLabel={t('downline.to')}
              fromLabel={t('downline.from')}
              available={available}
              symbol={symbol}
            />
          </GuardedTransferForm>
        </section>
      ) : null}
    </div>
  );
}

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The agent's direct downlines, searchable by account and paged; one is picked with a radio. */
function DownlinePicker({ picked, onPick }: { picked: Downline | null; onPick: (d: Downline) => void }) {
  const { t } = useFundsTexts();
  const brand = useBrand();
  const titleId = useId();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const account = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useDownlines(page, account);

  return (
    <section className={shared.section} aria-labelledby={titleId} data-section="downlines">
      <h3 id={titleId}>{t('downline.title')}</h3>
      <p className={shared.lead}>{t('downline.lead')}</p>
      <SearchField
        name="downlineSearch"
        label={t('downline.search')}
        value={search}
        onChange={(v) => {
          // A new search starts from its first page.
          setSearch(v);
          setPage(1);
        }}
      />
      <PagedResults
        as="div"
        query={list}
        active
        pageSize={DOWNLINES_PAGE_SIZE}
        onPage={setPage}
        emptyIcon="user"
        texts={{
          loading: t('downline.loading'),
          emptyTitle: account ? t('downline.noMatchTitle') : t('downline.noneTitle'),
          emptyText: account ? t('downline.noMatchText', { account }) : t('downline.noneText'),
          pages: t('downline.pages'),
        }}
      >
        {(rows) => (
          <fieldset className={styles.options}>
            <legend className="visually-hidden">{t('downline.title')}</legend>
            <ul className={styles.list}>
              {rows.map((d) => {
                const agent = brand.agentType.includes(d.type);
                return (
                  <li key={d.account}>
                    <label className={styles.option} data-downline-option={d.account}>
                      <input
                        type="radio"
                        name="downline"
                        value={d.account}
                        checked={picked?.account === d.account}
                        onChange={() => onPick(d)}
                        className={styles.radio}
                      />
                      <Recipient account={d.account} nickname={d.nickname} />
                      <span className={styles.meta}>
                        {agent ? <span className={styles.badge}>{t('downline.agent')}</span> : null}
                        <span className={styles.joined}>
                          {t('downline.joined', { date: formatDate(d.regDate) })}
                        </span>
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        )}
      </PagedResults>
    </section>
  );
}
