import type { FairProof, Recall } from '@aurum/contract';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal, ModalTitle, Spinner } from '../../../components/ui';
import { formatDateTime } from '../../../lib/format/date';
import { useGamesTexts } from '../../../lib/games/texts';
import { readLotteryRoundDetail, useLotteryRoundView } from '../../../lib/lottery/round-detail';
import { LoadFailure } from '../../../lib/money/fields';
import { Money } from '../../../lib/money/money';
import { useBrand } from '../../../lib/site';
import { useBetRecall } from './api/bet-recall';
import styles from './bets.module.css';
import { isVerifiable, type RoundDetail, readRoundDetail, verifierUrl } from './model/round-detail';
import { RoundDetailView } from './round-detail';

interface Props {
  /** The round to show; null keeps the dialog closed. */
  orderNo: string | null;
  onClose: () => void;
}

/** A round of the betting record replayed (GET /wps/member/bets/recall). */
export function RecallDialog({ orderNo, onClose }: Props) {
  return (
    <Modal open={orderNo !== null} onClose={onClose} size="md" dataModal="bet-recall">
      {orderNo ? (
        <Suspense fallback={<Loading />}>
          <RecallBody orderNo={orderNo} />
        </Suspense>
      ) : null}
    </Modal>
  );
}

function Loading() {
  const { t } = useTranslation();
  return (
    <>
      <ModalTitle className="visually-hidden">{t('common.loading')}</ModalTitle>
      <Spinner label={t('common.loading')} />
    </>
  );
}

function RecallBody({ orderNo }: { orderNo: string }) {
  const { t } = useGamesTexts();
  const recall = useBetRecall(orderNo);
  if (recall.isError) {
    return (
      <>
        <ModalTitle>{t('recall.titleOrder', { orderNo })}</ModalTitle>
        <LoadFailure error={recall.error} onRetry={() => void recall.refetch()} />
      </>
    );
  }
  if (!recall.data) {
    return (
      <>
        <ModalTitle>{t('recall.titleOrder', { orderNo })}</ModalTitle>
        <Spinner label={t('recall.loading')} />
      </>
    );
  }
  return <RecallView recall={recall.data} />;
}

/**
 * The round's figures (stake, win, balance before and after), a readable rendering of what the
 * game did, and, for provably-fair games, the proof with a link to the verifier.
 */
export function RecallView({ recall }: { recall: Recall }) {
  const { t } = useGamesTexts();
  const brand = useBrand();
  const symbol = brand.currencySymbol;
  const { round } = recall;
  const detail = readRoundDetail(recall.engine, recall.detail);
  const ticket = readLotteryRoundDetail(recall.detail);
  const LotteryRoundView = useLotteryRoundView();
  return (
    <div className={styles.recall} data-recall={round.orderNo} data-engine={recall.engine ?? 'vendor'}>
      <ModalTitle>{t('recall.title', { game: round.gameName })}</ModalTitle>
      <dl className={styles.summary}>
        <div>
          <dt>{t('columns.orderNo')}</dt>
          <dd className={styles.mono}>{round.orderNo}</dd>
        </div>
        <div>
          <dt>{t('columns.betTime')}</dt>
          <dd className={styles.time}>{formatDateTime(round.betTimeInTimestamp)}</dd>
        </div>
        <div>
          <dt>{t('recall.stake')}</dt>
          <dd>
            <Money value={round.betAmount} symbol={symbol} />
          </dd>
        </div>
        <div>
          <dt>{t('columns.win')}</dt>
          <dd>
            <Money value={round.winAmount} symbol={symbol} />
          </dd>
        </div>
        <div>
          <dt>{t('columns.profitAndLoss')}</dt>
          <dd>
            <Money value={round.profitAndLoss} symbol={symbol} signed />
          </dd>
        </div>
        <div>
          <dt>{t('recall.balanceBefore')}</dt>
          <dd>
            {recall.balanceBefore === null ? '—' : <Money value={recall.balanceBefore} symbol={symbol} />}
          </dd>
        </div>
        <div>
          <dt>{t('recall.balanceAfter')}</dt>
          <dd>
            {recall.balanceAfter === null ? '—' : <Money value={recall.balanceAfter} symbol={symbol} />}
          </dd>
        </div>
      </dl>
      {round.mode === 'play' ? <p className={styles.note}>{t('recall.playMoney')}</p> : null}
      <section className={styles.detail} aria-label={t('recall.detail')}>
        <h3>{t('recall.detail')}</h3>
        {detail ? (
          <RoundDetailView detail={detail} symbol={symbol} />
        ) : ticket && LotteryRoundView ? (
          <Suspense fallback={<Spinner label={t('recall.loading')} />}>
            <LotteryRoundView detail={ticket} />
          </Suspense>
        ) : (
          <p className={styles.note}>{t(recall.engine ? 'recall.noDetail' : 'recall.vendorDetail')}</p>
        )}
      </section>
      {recall.fair ? <FairProofView fair={recall.fair} engine={recall.engine} detail={detail} /> : null}
    </div>
  );
}

/** The provably-fair proof (ARCHITECTURE: server-seed hash committed first) and the verifier link. */
function FairProofView({
  fair,
  engine,
  detail,
}: {
  fair: FairProof;
  engine: Recall['engine'];
  detail: RoundDetail | null;
}) {
  const { t } = useGamesTexts();
  const { serverSeed } = fair;
  return (
    <section className={styles.detail} aria-label={t('fair.title')} data-fair="true">
      <h3>{t('fair.title')}</h3>
      <dl className={styles.proof}>
        <div>
          <dt>{t('fair.serverSeedHash')}</dt>
          <dd className={styles.mono}>{fair.serverSeedHash}</dd>
        </div>
        <div>
          <dt>{t('fair.serverSeed')}</dt>
          <dd className={styles.mono}>{serverSeed ?? t('fair.notRevealed')}</dd>
        </div>
        <div>
          <dt>{t('fair.clientSeed')}</dt>
          <dd className={styles.mono}>{fair.clientSeed}</dd>
        </div>
        <div>
          <dt>{t('fair.nonce')}</dt>
          <dd className={styles.mono}>{fair.nonce}</dd>
        </div>
      </dl>
      {serverSeed && isVerifiable(engine) ? (
        <a
          className={styles.verify}
          href={verifierUrl(engine, { serverSeed, clientSeed: fair.clientSeed, nonce: fair.nonce }, detail)}
          target="_blank"
          rel="noopener"
          data-action="verify"
        >
          {t('fair.verify')}
        </a>
      ) : (
        <p className={styles.note}>{t(serverSeed ? 'fair.notVerifiable' : 'fair.rotateToVerify')}</p>
      )}
    </section>
  );
}
