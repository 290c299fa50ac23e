import type { WalletBalance } from '@aurum/contract';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Icon, Img, Spinner } from '../../components/ui';
import { FormFailure, useForm } from '../../components/ui/form';
import { formatWireMoney } from '../../lib/format/money';
import { amountValidator, wireToMinor } from '../../lib/money/amount';
import { mainBalanceText, useWalletBalance, vendorBalances } from '../../lib/money/balance';
import { moneyErrorText } from '../../lib/money/errors';
import { AmountField, LoadFailure, Notice, SelectField } from '../../lib/money/fields';
import { GLYPHS } from '../../lib/money/glyphs';
import { useIntentKey } from '../../lib/money/intent-key';
import { MAIN_WALLET } from '../../lib/money/labels';
import { Money } from '../../lib/money/money';
import shared from '../../lib/money/money.module.css';
import { useFundsTexts } from '../../lib/money/texts';
import { useBrand, useFeature } from '../../lib/site';
import { useMerchantWallet } from './api/merchant-wallet';
import { useWalletRecall, useWalletTransfer } from './api/wallet-transfer';
import styles from './my-wallet.module.css';

interface Vendor {
  vendor: string;
  name: string;
  icon: string;
}

/** A wallet as the page shows it: the main wallet or one vendor's game wallet. */
interface WalletView {
  code: string;
  name: string;
  icon: string | null;
  balance: string;
  /** Money may go into it: the main wallet, or the wallet of a vendor that can be played. */
  open: boolean;
}

/**
 * The main wallet, the game wallets of the vendors the merchant offers (only vendors that can
 * be played), then any other game wallet still holding money (a vendor that stopped): that
 * money can only come home, so such a wallet takes no transfer in.
 */
function walletsOf(
  single: boolean,
  vendors: readonly Vendor[],
  balance: WalletBalance,
  mainName: string,
): WalletView[] {
  const byVendor = vendorBalances(balance);
  const offered = new Set(vendors.map((v) => v.vendor));
  const stranded = [...(single ? [] : byVendor)].filter(
    ([vendor, amount]) => !offered.has(vendor) && (wireToMinor(amount) ?? 0n) > 0n,
  );
  return [
    {
      code: MAIN_WALLET,
      name: mainName,
      icon: null,
      balance: mainBalanceText(balance) ?? '0.00',
      open: true,
    },
    ...vendors.map((v) => ({
      code: v.vendor,
      name: v.name,
      icon: v.icon || null,
      balance: byVendor.get(v.vendor) ?? '0.00',
      open: true,
    })),
    ...stranded.map(([vendor, amount]) => ({
      code: vendor,
      name: vendor,
      icon: null,
      balance: amount,
      open: false,
    })),
  ];
}

/**
 * `transferFund`, "My wallet" (spec §2 Member centre; checklist: Wallet). A single-wallet merchant
 * (isSingle 1) has only the main wallet, which every game plays from. A transfer-wallet merchant
 * adds a game wallet per vendor: money moves between the main wallet and one of them, and
 * "return all to main" brings every game wallet back at once.
 */
export default function MyWalletPage() {
  const { t } = useFundsTexts();
  const brand = useBrand();
  const merchant = useMerchantWallet();
  const balance = useWalletBalance();
  const transfersOn = useFeature('FUNDTRANS3');
  const [pick, setPick] = useState<{ from: string; to: string; n: number } | null>(null);

  if (merchant.isError) return <LoadFailure error={merchant.error} onRetry={() => void merchant.refetch()} />;
  if (balance.isError) return <LoadFailure error={balance.error} onRetry={() => void balance.refetch()} />;
  if (!merchant.data || !balance.data) return <Spinner label={t('wallet.loading')} />;

  const single = merchant.data.isSingle === 1;
  const symbol = balance.data.currencySymbol || brand.currencySymbol;
  const wallets = walletsOf(single, single ? [] : merchant.data.vendors, balance.data, t('wallet.main'));
  const canTransfer = !single && transfersOn && wallets.length > 1;

  return (
    <div
      className={shared.page}
      data-funds-page="transferFund"
      data-wallet-mode={single ? 'single' : 'transfer'}
    >
      <section className={shared.section} aria-labelledby="my-wallets-title">
        <div className={shared.sectionHead}>
          <h3 id="my-wallets-title">{t('wallet.title')}</h3>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void balance.refetch()}
            busy={balance.isFetching}
            disabled={balance.isFetching}
            data-action="refresh-balances"
          >
            <Icon name="refresh" size={16} />
            {t('wallet.refresh')}
          </Button>
        </div>
        <div className={styles.total}>
          <span className={styles.totalLabel}>{t('wallet.total')}</span>
          <Money value={balance.data.sumBalance} symbol={symbol} className={styles.totalValue} />
        </div>
        {single ? <Notice>{t('wallet.singleNote')}</Notice> : null}
        {!single && !transfersOn ? <Notice>{t('wallet.transfersOff')}</Notice> : null}
        <ul className={styles.wallets} aria-label={t('wallet.list')}>
          {wallets.map((w) => (
            <WalletCard
              key={w.code}
              wallet={w}
              symbol={symbol}
              actions={canTransfer && w.code !== MAIN_WALLET}
              onPick={(from, to) => setPick((p) => ({ from, to, n: (p?.n ?? 0) + 1 }))}
            />
          ))}
        </ul>
      </section>
      {canTransfer ? <TransferSection wallets={wallets} symbol={symbol} pick={pick} /> : null}
    </div>
  );
}

function WalletCard({
  wallet,
  symbol,
  actions,
  onPick,
}: {
  wallet: WalletView;
  symbol: string;
  actions: boolean;
  onPick: (from: string, to: string) => void;
}) {
  const { t } = useFundsTexts();
  const main = wallet.code === MAIN_WALLET;
  return (
    <li className={main ? `${styles.card} ${styles.mainCard}` : styles.card} data-wallet={wallet.code}>
      <div className={styles.cardHead}>
        {wallet.icon ? (
          <Img src={wallet.icon} alt="" ratio={2.5} fit="contain" fallback={null} className={styles.logo} />
        ) : (
          <span className={styles.mainMark} aria-hidden="true">
            <Icon name="star" size={18} />
          </span>
        )}
        <span className={styles.cardName}>{wallet.name}</span>
      </div>
      <Money value={wallet.balance} symbol={symbol} className={styles.cardBalance} />
      {actions ? (
        <div className={styles.cardActions}>
          {wallet.open ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => onPick(MAIN_WALLET, wallet.code)}
              aria-label={t('wallet.transferInTo', { name: wallet.name })}
              data-action="transfer-in"
            >
              {t('wallet.transferIn')}
            </Button>
          ) : null}
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onPick(wallet.code, MAIN_WALLET)}
            aria-label={t('wallet.transferOutOf', { name: wallet.name })}
            data-action="transfer-out"
          >
            {t('wallet.transferOut')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** The transfer form and "return all to main". One side of every transfer is the main wallet. */
function TransferSection({
  wallets,
  symbol,
  pick,
}: {
  wallets: WalletView[];
  symbol: string;
  pick: { from: string; to: string; n: number } | null;
}) {
  const { t: tc } = useTranslation();
  const { t } = useFundsTexts();
  const titleId = useId();
  const transfer = useWalletTransfer();
  const recall = useWalletRecall();
  const transferIntent = useIntentKey();
  const recallIntent = useIntentKey();
  const firstVendor = wallets.find((w) => w.code !== MAIN_WALLET && w.open)?.code ?? MAIN_WALLET;
  const [from, setFrom] = useState(MAIN_WALLET);
  const [to, setTo] = useState(firstVendor);
  const [done, setDone] = useState<string | null>(null);
  const byCode = new Map(wallets.map((w) => [w.code, w]));
  const nameOf = (code: string) => byCode.get(code)?.name ?? code;
  const available = byCode.get(from)?.balance ?? '0.00';
  const availableMinor = wireToMinor(available) ?? 0n;

  const amountForm = useForm({
    initial: { amount: '' },
    validators: {
      amount: amountValidator(t, { available: availableMinor }, symbol),
    },
    onSubmit: (values, f) => {
      if (busy) return;
      setDone(null);
      const request = { from, to, amount: values.amount.trim() };
      transfer.mutate(
        { ...request, idempotencyKey: transferIntent.keyFor(request) },
        {
          onSuccess: (receipt) => {
            transferIntent.complete();
            f.setValues({ amount: '' });
            setDone(
              t('transfer.done', {
                amount: formatWireMoney(receipt.amount, symbol),
                from: nameOf(request.from),
                to: nameOf(request.to),
              }),
            );
          },
          onError: (error) => {
            transferIntent.failed(error);
            f.setFailure(moneyErrorText(t, tc, error));
          },
        },
      );
    },
  });

  // A card's "in" or "out" chose the wallets: adopt them and let the member type the amount.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on a new pick only, not on every render of the form.
  useEffect(() => {
    if (!pick) return;
    setFrom(pick.from);
    setTo(pick.to);
    reset();
    amountForm.props.ref.current?.querySelector<HTMLInputElement>('input[name="amount"]')?.focus();
  }, [pick]);

  const options = wallets.map((w) => ({ value: w.code, label: w.name }));
  // Money goes only into a wallet that is open (main, or a game that can be played).
  const toOptions = wallets
    .filter((w) => w.open || w.code === to)
    .map((w) => ({ value: w.code, label: w.name }));
  const anyInGames = wallets.some((w) => w.code !== MAIN_WALLET && (wireToMinor(w.balance) ?? 0n) > 0n);
  const busy = transfer.isPending || recall.isPending;

  function reset() {
    amountForm.setErrors({});
    amountForm.setFailure(null);
    setDone(null);
  }
  // Exactly one side is the main wallet: choosing a game wallet on one side puts main on the other.
  const chooseFrom = (code: string) => {
    reset();
    setFrom(code);
    if (code !== MAIN_WALLET) setTo(MAIN_WALLET);
    else if (to === MAIN_WALLET) setTo(from === MAIN_WALLET ? firstVendor : from);
  };
  const chooseTo = (code: string) => {
    reset();
    setTo(code);
    if (code !== MAIN_WALLET) setFrom(MAIN_WALLET);
    else if (from === MAIN_WALLET) setFrom(to === MAIN_WALLET ? firstVendor : to);
  };
  const swap = () => {
    reset();
    setFrom(to);
    setTo(from);
  };

  const returnAll = () => {
    if (busy) return;
    reset();
    recall.mutate(
      { idempotencyKey: recallIntent.keyFor('recall') },
      {
        onSuccess: (value) => {
          recallIntent.complete();
          setDone(
            value.transfers.length > 0
              ? t('recall.done', { amount: formatWireMoney(value.total, symbol) })
              : t('recall.nothing'),
          );
        },
        onError: (error) => {
          recallIntent.failed(error);
          amountForm.setFailure(moneyErrorText(t, tc, error));
        },
      },
    );
  };

  return (
    <section className={shared.section} aria-labelledby={titleId} data-section="wallet-transfer">
      <div className={shared.sectionHead}>
        <h3 id={titleId}>{t('transfer.title')}</h3>
        <Button
          variant="secondary"
          size="sm"
          onClick={returnAll}
          busy={recall.isPending}
          disabled={busy || !anyInGames}
          data-action="return-all"
        >
          <Icon path={GLYPHS.collect} size={16} />
          {t('recall.button')}
        </Button>
      </div>
      <p className={shared.lead}>{t('transfer.lead')}</p>
      <form {...amountForm.props} className={shared.form} data-form="wallet-transfer">
        <div className={styles.direction}>
          <SelectField
            name="from"
            label={t('transfer.from')}
            value={from}
            options={options}
            onChange={chooseFrom}
          />
          <Button
            variant="ghost"
            iconOnly
            className={styles.swap}
            onClick={swap}
            disabled={wallets.find((w) => w.code === from)?.open === false}
            aria-label={t('transfer.swap')}
            data-action="swap-wallets"
          >
            <Icon path={GLYPHS.swap} size={18} />
          </Button>
          <SelectField
            name="to"
            label={t('transfer.to')}
            value={to}
            options={toOptions}
            onChange={chooseTo}
          />
        </div>
        <AmountField
          {...amountForm.field('amount')}
          symbol={symbol}
          hint={t('transfer.available', { wallet: nameOf(from), amount: formatWireMoney(available, symbol) })}
          all={availableMinor}
        />
        <FormFailure>{amountForm.failure}</FormFailure>
        <Button
          type="submit"
          size="lg"
          block
          busy={transfer.isPending}
          disabled={busy}
          data-action="submit-transfer"
        >
          {t('transfer.submit')}
        </Button>
      </form>
      <div aria-live="polite" data-result="wallet-transfer">
        {done ? (
          <p className={shared.success}>
            <Icon name="check" size={18} />
            <span>{done}</span>
          </p>
        ) : null}
      </div>
    </section>
  );
}
