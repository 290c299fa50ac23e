import type { PointsItem, PointsRedeemStatus } from '@aurum/contract';
import type { TFunction } from 'i18next';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, EmptyState, PageHeader, Spinner, TabPanel, Tabs, useModal } from '../../components/ui';
import { FormFailure, TextField } from '../../components/ui/form';
import { useMemberInfo } from '../../lib/account/member-info';
import { errorCodeOf } from '../../lib/api';
import { PageBanner } from '../../lib/content/page-banner';
import { parseMoney } from '../../lib/contract';
import { formatDateTime } from '../../lib/format/date';
import { formatMoneyDisplay, formatWireMoney } from '../../lib/format/money';
import { useLoyaltyTexts } from '../../lib/loyalty/texts';
import { amountProblemText, checkAmount } from '../../lib/money/amount';
import { moneyErrorText } from '../../lib/money/errors';
import {
  AmountField,
  LoadFailure,
  Notice,
  PaymentPasswordField,
  PaymentPasswordPrompt,
  paymentPasswordProblem,
} from '../../lib/money/fields';
import { useIntentKey } from '../../lib/money/intent-key';
import { useFundsTexts } from '../../lib/money/texts';
import { usePointsTexts } from '../../lib/points/texts';
import { useSessionToken } from '../../lib/session/session-store';
import { useBrand, useFeature } from '../../lib/site';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage/storage';
import {
  usePointsBalance,
  usePointsConfig,
  usePointsConvert,
  usePointsDetails,
  usePointsItems,
  usePointsRedeem,
  usePointsRedemptions,
} from './api/points';
import styles from './point-mall.module.css';

export const MALL_TABS = ['items', 'convert', 'history', 'details', 'rules'] as const;
export type MallTab = (typeof MALL_TABS)[number];

/**
 * Spec §2: the stored point-mall value is the mall tab to return to. It is written when the
 * member leaves the mall for the member centre (a deposit, the payment password) and cleared
 * when the member centre closes (member-centre-modal.tsx).
 */
function storedTab(): MallTab {
  const v = readStorage('session', STORAGE_KEYS.pointMall);
  return (MALL_TABS as readonly string[]).includes(v ?? '') ? (v as MallTab) : 'items';
}

/** Whole points out of a money amount at a rate, rounded down (what the server credits). */
function previewPoints(amount: string, rate: string): string {
  const [ai = '0', af = ''] = amount.split('.');
  const [ri = '0', rf = ''] = rate.split('.');
  const a = BigInt(ai || '0') * 100n + BigInt(`${af}00`.slice(0, 2));
  const scale = 10n ** BigInt(rf.length);
  const r = BigInt(ri || '0') * scale + BigInt(rf || '0');
  return ((a * r) / (100n * scale)).toString();
}

/** /pointMall (PTSYS3): current points, rewards, buying points, redeem history, points details, rules. */
export default function PointMallPage() {
  const { t } = useTranslation();
  const token = useSessionToken();
  const modal = useModal();
  const on = useFeature('PTSYS3');
  return (
    <div className={styles.page} data-page="pointMall">
      <PageBanner group="pointMall" />
      <PageHeader title={t('pointMall.title')} subtitle={t('pointMall.subtitle')} />
      {!on ? (
        <OffNotice />
      ) : token ? (
        <Mall />
      ) : (
        <section className={styles.points} aria-labelledby="my-points">
          <h2 id="my-points" className={styles.heading}>
            {t('pointMall.myPoints')}
          </h2>
          <div className={styles.signIn}>
            <p>{t('pointMall.logInToSee')}</p>
            <Button onClick={() => modal.open('login')}>{t('common.logIn')}</Button>
          </div>
        </section>
      )}
    </div>
  );
}

function OffNotice() {
  const { t } = usePointsTexts();
  return <Notice>{t('off')}</Notice>;
}

function Mall() {
  const { t } = usePointsTexts();
  const { t: tc } = useTranslation();
  const idBase = useId();
  const modal = useModal();
  const [tab, setTab] = useState<MallTab>(storedTab);
  const balance = usePointsBalance();
  const symbol = useBrand().currencySymbol;
  /** Leaves the mall for a member-centre page, keeping the tab to come back to. */
  const toMemberCentre = (page: 'depositv2' | 'securityCenter', onClose?: () => void) => {
    writeStorage('session', STORAGE_KEYS.pointMall, tab);
    modal.open('memberCenter', { page }, onClose ? { onClose } : undefined);
  };
  return (
    <>
      <section className={styles.points} aria-labelledby="my-points">
        <h2 id="my-points" className={styles.heading}>
          {tc('pointMall.myPoints')}
        </h2>
        {balance.isError ? (
          <LoadFailure
            error={balance.error}
            onRetry={() => void balance.refetch()}
            busy={balance.isFetching}
          />
        ) : !balance.data ? (
          <Spinner label={t('balance.points')} />
        ) : (
          <dl className={styles.balance}>
            <div>
              <dt>{t('balance.points')}</dt>
              <dd className={styles.pointsValue} data-points={balance.data.points}>
                {Number(balance.data.points).toLocaleString()}
              </dd>
            </div>
            <div>
              <dt className="visually-hidden">{t('balance.main', { amount: '' })}</dt>
              <dd className={styles.muted}>
                {t('balance.main', { amount: formatWireMoney(balance.data.mainBalance, symbol) })}
              </dd>
            </div>
            {balance.data.pending !== '0' ? (
              <div>
                <dt className="visually-hidden">{t('balance.pending', { points: '' })}</dt>
                <dd className={styles.muted}>{t('balance.pending', { points: balance.data.pending })}</dd>
              </div>
            ) : null}
          </dl>
        )}
      </section>
      <Tabs
        label={t('tabs.label')}
        idBase={idBase}
        value={tab}
        onChange={setTab}
        items={MALL_TABS.map((v) => ({ value: v, label: t(`tabs.${v}`) }))}
      />
      <TabPanel idBase={idBase} value={tab} className={styles.panel}>
        {tab === 'items' ? <Items toMemberCentre={toMemberCentre} /> : null}
        {tab === 'convert' ? <Convert toMemberCentre={toMemberCentre} /> : null}
        {tab === 'history' ? <History /> : null}
        {tab === 'details' ? <Details /> : null}
        {tab === 'rules' ? <Rules /> : null}
      </TabPanel>
    </>
  );
}

type ToMemberCentre = (page: 'depositv2' | 'securityCenter', onClose?: () => void) => void;

/** Before the first redemption or purchase: the payment password is set in the security centre. */
function NeedsPassword({
  toMemberCentre,
  children,
}: {
  toMemberCentre: ToMemberCentre;
  children: React.ReactNode;
}) {
  const info = useMemberInfo();
  if (info.data?.pwdEnabled === false) {
    return (
      <PaymentPasswordPrompt onSetUp={() => toMemberCentre('securityCenter', () => void info.refetch())} />
    );
  }
  return <>{children}</>;
}

function Items({ toMemberCentre }: { toMemberCentre: ToMemberCentre }) {
  const { t } = usePointsTexts();
  const { t: tc } = useTranslation();
  const items = usePointsItems();
  const symbol = useBrand().currencySymbol;
  const [picked, setPicked] = useState<PointsItem | null>(null);
  const [done, setDone] = useState<string | null>(null);
  if (items.isError) {
    return <LoadFailure error={items.error} onRetry={() => void items.refetch()} busy={items.isFetching} />;
  }
  if (!items.data) return <Spinner label={tc('pointMall.rewards')} />;
  if (items.data.items.length === 0) {
    return (
      <EmptyState
        title={tc('pointMall.empty')}
        text={tc('pointMall.emptyText')}
        icon="star"
        headingLevel={3}
      />
    );
  }
  return (
    <div className={styles.stack}>
      <div aria-live="polite">{done ? <p className={styles.success}>{done}</p> : null}</div>
      {picked ? (
        <NeedsPassword toMemberCentre={toMemberCentre}>
          <RedeemForm
            item={picked}
            onCancel={() => setPicked(null)}
            onDone={(ref) => {
              setPicked(null);
              setDone(t('redeem.done', { ref }));
            }}
          />
        </NeedsPassword>
      ) : null}
      <ul className={styles.items} aria-label={tc('pointMall.rewards')}>
        {items.data.items.map((i) => (
          <li key={i.id} className={styles.item} data-item={i.code}>
            {i.image ? <img className={styles.image} src={i.image} alt="" loading="lazy" /> : null}
            <h3 className={styles.itemName}>{i.name}</h3>
            {i.description ? <p className={styles.muted}>{i.description}</p> : null}
            <p className={styles.price}>
              {i.money === '0.00'
                ? t('items.price', { points: i.points })
                : t('items.priceMixed', { points: i.points, amount: formatWireMoney(i.money, symbol) })}
            </p>
            <p className={styles.muted}>
              {i.stock > 0 ? t('items.stock', { count: i.stock }) : t('items.soldOut')}
            </p>
            <Button
              variant="secondary"
              disabled={i.stock === 0}
              onClick={() => {
                setDone(null);
                setPicked(i);
              }}
              data-action="pick-item"
            >
              {t('items.redeem')}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function pointsErrorText(
  t: ReturnType<typeof usePointsTexts>['t'],
  tf: ReturnType<typeof useFundsTexts>['t'],
  tc: TFunction,
  error: unknown,
): string {
  const own: Record<string, 'insufficient' | 'stock' | 'itemUnknown' | 'convertOff' | 'convertNothing'> = {
    'points.insufficient': 'insufficient',
    'points.stock': 'stock',
    'points.item.unknown': 'itemUnknown',
    'points.convert.off': 'convertOff',
    'points.convert.nothing': 'convertNothing',
  };
  const key = own[errorCodeOf(error) ?? ''];
  return key ? t(`errors.${key}`) : moneyErrorText(tf, tc, error);
}

function RedeemForm({
  item,
  onCancel,
  onDone,
}: {
  item: PointsItem;
  onCancel: () => void;
  onDone: (ref: string) => void;
}) {
  const { t } = usePointsTexts();
  const { t: tf } = useFundsTexts();
  const { t: tc } = useTranslation();
  const symbol = useBrand().currencySymbol;
  const titleId = useId();
  const redeem = usePointsRedeem();
  const intent = useIntentKey();
  const [quantity, setQuantity] = useState('1');
  const [name, setName] = useState('');
  const [address, setAddress] = useState('');
  const [mobile, setMobile] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const q = /^\d{1,3}$/.test(quantity) ? Number(quantity) : 0;
  const max = Math.min(item.stock, 100);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (q < 1 || q > max) return setProblem(t('redeem.quantityProblem', { max }));
    if (!name.trim() || address.trim().length < 5 || !/^\+?[0-9 -]{6,20}$/.test(mobile.trim())) {
      return setProblem(t('redeem.required'));
    }
    const pin = paymentPasswordProblem(password);
    if (pin) return setProblem(tf(`form.${pin}`));
    setProblem(null);
    const request = {
      itemId: item.id,
      quantity: q,
      name: name.trim(),
      address: address.trim(),
      mobile: mobile.trim(),
    };
    try {
      const r = await redeem.mutateAsync({
        ...request,
        paymentPassword: password,
        idempotencyKey: intent.keyFor(request),
      });
      intent.complete();
      onDone(r.ref);
    } catch (error) {
      intent.failed(error);
      setProblem(pointsErrorText(t, tf, tc, error));
    }
  };
  const points = (BigInt(item.points) * BigInt(q || 0)).toString();
  const money = formatMoneyDisplay((parseMoney(item.money) ?? 0n) * BigInt(q || 0), symbol);
  return (
    <section className={styles.card} aria-labelledby={titleId} data-redeem={item.code}>
      <h3 id={titleId} className={styles.heading}>
        {t('redeem.title', { name: item.name })}
      </h3>
      <form onSubmit={submit} aria-labelledby={titleId} noValidate className={styles.form}>
        <TextField
          name="quantity"
          label={t('redeem.quantity')}
          value={quantity}
          onChange={(v) => setQuantity(v.replace(/\D/g, '').slice(0, 3))}
          inputMode="numeric"
          autoComplete="off"
          maxLength={3}
        />
        <TextField
          name="name"
          label={t('redeem.name')}
          value={name}
          onChange={setName}
          autoComplete="name"
          maxLength={64}
        />
        <TextField
          name="address"
          label={t('redeem.address')}
          value={address}
          onChange={setAddress}
          autoComplete="street-address"
          maxLength={300}
        />
        <TextField
          name="mobile"
          label={t('redeem.mobile')}
          value={mobile}
          onChange={setMobile}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={20}
        />
        <PaymentPasswordField value={password} onChange={setPassword} />
        <p className={styles.muted} data-total="true">
          {item.money === '0.00'
            ? t('redeem.total', { points })
            : t('redeem.totalMixed', { points, amount: money })}
        </p>
        <div aria-live="polite">{problem ? <FormFailure>{problem}</FormFailure> : null}</div>
        <div className={styles.actions}>
          <Button type="submit" variant="primary" busy={redeem.isPending} disabled={redeem.isPending}>
            {t('redeem.submit')}
          </Button>
          <Button type="button" variant="secondary" onClick={onCancel}>
            {t('redeem.cancel')}
          </Button>
        </div>
      </form>
    </section>
  );
}

function Convert({ toMemberCentre }: { toMemberCentre: ToMemberCentre }) {
  const { t } = usePointsTexts();
  const { t: tf } = useFundsTexts();
  const { t: tc } = useTranslation();
  const brand = useBrand();
  const config = usePointsConfig();
  const convert = usePointsConvert();
  const intent = useIntentKey();
  const titleId = useId();
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  if (config.isError) {
    return (
      <LoadFailure error={config.error} onRetry={() => void config.refetch()} busy={config.isFetching} />
    );
  }
  if (!config.data) return <Spinner label={t('convert.title')} />;
  const rate = config.data.rate;
  if (/^0+(?:\.0+)?$/.test(rate)) return <Notice>{t('convert.off')}</Notice>;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const bad = checkAmount(amount);
    if (bad) return setProblem(amountProblemText(tf, bad, brand.currencySymbol));
    const pin = paymentPasswordProblem(password);
    if (pin) return setProblem(tf(`form.${pin}`));
    if (previewPoints(amount.trim(), rate) === '0') return setProblem(t('convert.nothing'));
    setProblem(null);
    setDone(null);
    const request = { amount: amount.trim() };
    try {
      const r = await convert.mutateAsync({
        ...request,
        paymentPassword: password,
        idempotencyKey: intent.keyFor(request),
      });
      intent.complete();
      setDone(
        t('convert.done', { points: r.points, amount: formatWireMoney(r.amount, brand.currencySymbol) }),
      );
      setAmount('');
      setPassword('');
    } catch (error) {
      intent.failed(error);
      setProblem(pointsErrorText(t, tf, tc, error));
    }
  };
  return (
    <NeedsPassword toMemberCentre={toMemberCentre}>
      <section className={styles.card} aria-labelledby={titleId}>
        <h3 id={titleId} className={styles.heading}>
          {t('convert.title')}
        </h3>
        <p className={styles.muted}>{t('convert.rate', { rate })}</p>
        <form onSubmit={submit} aria-labelledby={titleId} noValidate className={styles.form}>
          <AmountField
            label={t('convert.amount')}
            value={amount}
            onChange={setAmount}
            symbol={brand.currencySymbol}
          />
          {amount && !checkAmount(amount) ? (
            <p className={styles.muted} data-preview="true">
              {t('convert.preview', { points: previewPoints(amount.trim(), rate) })}
            </p>
          ) : null}
          <PaymentPasswordField value={password} onChange={setPassword} />
          <div aria-live="polite">
            {done ? <p className={styles.success}>{done}</p> : null}
            {problem ? <FormFailure>{problem}</FormFailure> : null}
          </div>
          <div className={styles.actions}>
            <Button type="submit" variant="primary" busy={convert.isPending} disabled={convert.isPending}>
              {t('convert.submit')}
            </Button>
            <Button
              type="button"
              variant="secondary"
              onClick={() => toMemberCentre('depositv2')}
              data-action="deposit"
            >
              {t('convert.topUp')}
            </Button>
          </div>
        </form>
      </section>
    </NeedsPassword>
  );
}

function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (p: number) => void }) {
  const { t } = usePointsTexts();
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={t('page', { page, pages })}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('previous')}
      </Button>
      <span>{t('page', { page, pages })}</span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('nextPage')}
      </Button>
    </nav>
  );
}

const STATUS_KEY: Record<PointsRedeemStatus, 'applying' | 'rejected' | 'approved'> = {
  applying: 'applying',
  rejected: 'rejected',
  approved: 'approved',
};

function History() {
  const { t } = usePointsTexts();
  const symbol = useBrand().currencySymbol;
  const [page, setPage] = useState(1);
  const list = usePointsRedemptions(page);
  if (list.isError) {
    return <LoadFailure error={list.error} onRetry={() => void list.refetch()} busy={list.isFetching} />;
  }
  if (!list.data) return <Spinner label={t('tabs.history')} />;
  if (list.data.content.length === 0) return <p className={styles.muted}>{t('history.empty')}</p>;
  return (
    <>
      <ul className={styles.rows} aria-label={t('tabs.history')}>
        {list.data.content.map((r) => (
          <li key={r.ref} className={styles.row} data-redemption={r.ref} data-status={r.status}>
            <span className={styles.rowName}>
              {r.name} {t('history.quantity', { count: r.quantity })}
            </span>
            <span className={styles.muted}>
              {t('history.ref')} {r.ref} · {formatDateTime(r.createdAt)} ·{' '}
              {t(r.type === 'mixed' ? 'items.mixed' : 'items.pointsOnly')}
            </span>
            <span>
              {r.amount === '0.00'
                ? t('items.price', { points: r.points })
                : t('items.priceMixed', { points: r.points, amount: formatWireMoney(r.amount, symbol) })}
            </span>
            <span className={styles.status}>{t(`history.${STATUS_KEY[r.status]}`)}</span>
            {r.remark ? <span className={styles.muted}>{r.remark}</span> : null}
          </li>
        ))}
      </ul>
      <Pager page={page} pages={list.data.totalPages} onPage={setPage} />
    </>
  );
}

function Details() {
  const { t } = usePointsTexts();
  const [page, setPage] = useState(1);
  const list = usePointsDetails(page);
  if (list.isError) {
    return <LoadFailure error={list.error} onRetry={() => void list.refetch()} busy={list.isFetching} />;
  }
  if (!list.data) return <Spinner label={t('tabs.details')} />;
  if (list.data.content.length === 0) return <p className={styles.muted}>{t('details.empty')}</p>;
  return (
    <>
      <ul className={styles.rows} aria-label={t('tabs.details')}>
        {list.data.content.map((d) => (
          <li key={`${d.id}-${d.kind}`} className={styles.row} data-detail={d.kind}>
            <span className={styles.rowName}>{t(`details.${d.kind}`)}</span>
            <span className={styles.muted}>
              {formatDateTime(d.createdAt)}
              {d.remark ? ` · ${d.remark}` : ''}
            </span>
            <span className={styles.change} data-change={d.change}>
              {d.change.startsWith('-') ? d.change : `+${d.change}`}
            </span>
            <span className={styles.muted}>{t('details.balance', { points: d.balance })}</span>
          </li>
        ))}
      </ul>
      <Pager page={page} pages={list.data.totalPages} onPage={setPage} />
    </>
  );
}

function Rules() {
  const { t } = usePointsTexts();
  const { t: tl } = useLoyaltyTexts();
  const config = usePointsConfig();
  if (config.isError) {
    return (
      <LoadFailure error={config.error} onRetry={() => void config.refetch()} busy={config.isFetching} />
    );
  }
  if (!config.data) return <Spinner label={t('tabs.rules')} />;
  const c = config.data;
  return (
    <section className={styles.card} data-rules="true">
      {c.rules ? <p>{c.rules}</p> : null}
      <p>{t('rules.rate', { rate: c.rate })}</p>
      {c.earnBet.length > 0 ? (
        <>
          <p>{t('rules.earnBet')}</p>
          <ul className={styles.ratios}>
            {c.earnBet.map((r) => (
              <li key={r.category}>
                {tl(`categories.${r.category}`)}: {r.ratio}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>{t('rules.noEarn')}</p>
      )}
      {/^0+(?:\.0+)?$/.test(c.earnDeposit) ? null : <p>{t('rules.earnDeposit', { ratio: c.earnDeposit })}</p>}
      <p>{t('rules.expire')}</p>
    </section>
  );
}
