import { useState } from 'react';
import { Button, cx, Modal, ModalTitle } from '../../../components/ui';
import { formatDateTime } from '../../../lib/format/date';
import { useLotteryTexts } from '../../../lib/lottery/texts';
import { Money } from '../../../lib/money/money';
import { PagedResults } from '../../../lib/paging/paged-results';
import {
  CHASES_PAGE_SIZE,
  type LotteryChase,
  useCancelChase,
  useLotteryChase,
  useLotteryChases,
} from '../api/chases';
import { useLotteryMenu } from '../api/game-menu';
import { issueCancellable } from '../model/chase';
import { betTypeName } from './labels';
import { MemberList } from './member-list';
import betStyles from './my-bets.module.css';
import styles from './my-chases.module.css';
import { refusalOf } from './refusal';
import { useSelectionText } from './selection-text';

interface MyChasesProps {
  symbol: string;
  signedIn: boolean;
  onLogin: () => void;
}

/** What the confirm dialog asks about: one issue of a chase, or all its remaining issues. */
interface Cancelling {
  chase: LotteryChase;
  issueNo: string | null;
  stake: string | null;
}

/**
 * The member's chases, newest first: game, selection, progress (played, won, refunded issues),
 * status, and each chase's issues with their tickets; one issue or every remaining one can be
 * cancelled (refunded) after a confirm. A pushed lottery event reads them again (lib/realtime).
 */
export function MyChases({ symbol, signedIn, onLogin }: MyChasesProps) {
  const { t } = useLotteryTexts();
  const [page, setPage] = useState(1);
  const query = useLotteryChases(page);
  const [cancelling, setCancelling] = useState<Cancelling | null>(null);
  const [note, setNote] = useState<{ chaseId: string; text: string; refused: boolean } | null>(null);
  const cancel = useCancelChase();

  const confirm = () => {
    if (!cancelling) return;
    const { chase, issueNo } = cancelling;
    cancel.mutate(
      { chaseId: chase.chaseId, ...(issueNo ? { issueNo } : {}) },
      {
        onSuccess: (reply) => {
          setNote({
            chaseId: chase.chaseId,
            text:
              reply.refunded > 0
                ? t('chases.cancelled', { count: reply.refunded })
                : t('chases.nothingCancelled'),
            refused: false,
          });
          setCancelling(null);
        },
        onError: (error) => {
          setNote({ chaseId: chase.chaseId, text: refusalOf(t, error).text, refused: true });
          setCancelling(null);
        },
      },
    );
  };

  return (
    <MemberList
      root="chases"
      mark="chases"
      signedIn={signedIn}
      onLogin={onLogin}
      extra={
        <Modal
          open={cancelling !== null}
          onClose={() => setCancelling(null)}
          size="sm"
          dataModal="chase-cancel"
        >
          {cancelling ? (
            <div className={styles.confirm}>
              <ModalTitle>
                {cancelling.issueNo
                  ? t('chases.confirmIssueTitle', { issueNo: cancelling.issueNo })
                  : t('chases.confirmAllTitle')}
              </ModalTitle>
              <p>
                {cancelling.issueNo && cancelling.stake
                  ? t('chases.confirmIssueText', { stake: `${symbol}${cancelling.stake}` })
                  : t('chases.confirmAllText')}
              </p>
              <div className={styles.confirmActions}>
                <Button variant="ghost" onClick={() => setCancelling(null)}>
                  {t('chases.keep')}
                </Button>
                <Button
                  variant="primary"
                  onClick={confirm}
                  busy={cancel.isPending}
                  data-action="confirm-cancel"
                >
                  {t('chases.confirm')}
                </Button>
              </div>
            </div>
          ) : null}
        </Modal>
      }
    >
      {(texts) => (
        <PagedResults
          query={query}
          active
          as="div"
          pageSize={CHASES_PAGE_SIZE}
          onPage={setPage}
          texts={texts}
        >
          {(list) => (
            <ul className={styles.list}>
              {list.map((c) => (
                <ChaseCard
                  key={c.chaseId}
                  chase={c}
                  symbol={symbol}
                  note={note?.chaseId === c.chaseId ? note : null}
                  onCancel={(chase, issueNo, stake) => {
                    setNote(null);
                    setCancelling({ chase, issueNo, stake });
                  }}
                />
              ))}
            </ul>
          )}
        </PagedResults>
      )}
    </MemberList>
  );
}

interface ChaseCardProps {
  chase: LotteryChase;
  symbol: string;
  note: { text: string; refused: boolean } | null;
  onCancel: (chase: LotteryChase, issueNo: string | null, stake: string | null) => void;
}

/**
 * One chase: its figures and progress (the counts the list gives), and its issues behind a
 * toggle (read only once opened).
 */
function ChaseCard({ chase, symbol, note, onCancel }: ChaseCardProps) {
  const { t } = useLotteryTexts();
  const selectionText = useSelectionText();
  const menu = useLotteryMenu();
  const [open, setOpen] = useState(false);
  const detail = useLotteryChase(open ? chase.chaseId : null);
  const game = menu.data?.games.find((g) => g.gameCode === chase.gameCode);
  const onSale = game?.current?.issueNo ?? null;
  const { played, won, refunded, cancellable } = chase.counts;
  const panelId = `lottery-chase-${chase.chaseId}`;
  return (
    <li className={styles.card} data-chase={chase.chaseId} data-chase-status={chase.status}>
      <div className={styles.top}>
        <span className={betStyles.bet}>
          <span className={betStyles.type}>
            {game?.name ?? chase.gameCode} · {betTypeName(t, chase.betType)}
          </span>
          <span>{selectionText(chase.betType, chase.selection)}</span>
        </span>
        <span className={cx(betStyles.status, styles[chase.status])}>
          {t(`chases.statuses.${chase.status}`)}
        </span>
      </div>
      <p className={styles.progress} data-chase-progress="true">
        {t('chases.progress', { played, won, refunded, issues: chase.issues })}
      </p>
      <dl className={styles.figures}>
        <div>
          <dt>{t('tickets.stake')}</dt>
          <dd>
            <Money value={chase.stake} symbol={symbol} />
          </dd>
        </div>
        <div>
          <dt>{t('tickets.payout')}</dt>
          <dd>
            <Money value={chase.payout} symbol={symbol} />
          </dd>
        </div>
        <div>
          <dt>{t('chases.refunded')}</dt>
          <dd>
            <Money value={chase.refunded} symbol={symbol} />
          </dd>
        </div>
      </dl>
      <p className={styles.meta}>
        {formatDateTime(Date.parse(chase.createdAt))}
        {chase.stopOnWin ? ` · ${t('chases.stopsOnWin')}` : ''}
      </p>
      {note ? (
        <p className={note.refused ? styles.refused : styles.done} role={note.refused ? 'alert' : 'status'}>
          {note.text}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
        >
          {open ? t('chases.hide') : t('chases.show')}
        </Button>
        {cancellable > 0 ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onCancel(chase, null, null)}
            data-action="cancel-remaining"
          >
            {t('chases.cancelAll')}
          </Button>
        ) : null}
      </div>
      {open ? (
        <div id={panelId}>
          {detail.isError ? (
            <p className={styles.refused} role="alert">
              {t('chases.detailFailed')}
            </p>
          ) : !detail.data ? (
            <p className={styles.meta} aria-busy="true">
              {t('chases.loading')}
            </p>
          ) : (
            <table className={styles.table}>
              <caption className="visually-hidden">{t('chases.issuesOf')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('tickets.issue')}</th>
                  <th scope="col" className={styles.num}>
                    {t('tickets.stake')}
                  </th>
                  <th scope="col">{t('tickets.status')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('chases.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {detail.data.tickets.map((tk) => (
                  <tr key={tk.ticketId} data-chase-ticket={tk.issueNo}>
                    <th scope="row" className={styles.issueNo}>
                      {tk.issueNo}
                    </th>
                    <td className={styles.num}>
                      <Money value={tk.status === 'won' ? tk.payout : tk.stake} symbol={symbol} />
                    </td>
                    <td>
                      <span
                        className={cx(betStyles.status, betStyles[tk.status])}
                        data-ticket-status={tk.status}
                      >
                        {t(`tickets.statuses.${tk.status}`)}
                      </span>
                    </td>
                    <td className={styles.num}>
                      {issueCancellable(tk, onSale) ? (
                        <Button
                          variant="ghost"
                          size="sm"
                          onClick={() => onCancel(chase, tk.issueNo, tk.stake)}
                          aria-label={t('chases.cancelIssue', { issueNo: tk.issueNo })}
                          data-action="cancel-issue"
                        >
                          {t('chases.cancel')}
                        </Button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      ) : null}
    </li>
  );
}
