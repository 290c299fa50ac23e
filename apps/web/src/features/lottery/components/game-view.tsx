import { lotteryGame } from '@aurum/games';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Modal, ModalTitle, TabPanel, Tabs, useModal } from '../../../components/ui';
import type { PrizeMode } from '../../../lib/games';
import { useMediaQuery } from '../../../lib/hooks/use-media-query';
import { useLotteryTexts } from '../../../lib/lottery/texts';
import { useSession } from '../../../lib/session/session-store';
import { useBrand } from '../../../lib/site';
import { useLotteryConfig } from '../api/config';
import { type LotteryMenuGame, useLotteryMenu } from '../api/game-menu';
import { usePlaceBets } from '../api/place-bets';
import { useLotteryResults } from '../api/results';
import { lotteryTicketsKey } from '../api/tickets';
import { msUntil } from '../model/clock';
import { engineFamilyOf } from '../model/families';
import { moneyText } from '../model/money';
import { playGroupsOf } from '../model/plays';
import { lhcYearAt } from '../model/prices';
import { onBoard, type Priced } from '../model/pricing';
import { addToSlip, removeFromSlip, type SlipItem, slipTotals } from '../model/slip';
import { ChaseForm } from './chase-form';
import { DrawHistory } from './draw-history';
import styles from './game-view.module.css';
import { IssueBar } from './issue-bar';
import { MyBets } from './my-bets';
import { MyChases } from './my-chases';
import { PlayPanel } from './play-panel';
import { refusalOf } from './refusal';
import { ResultsPanel } from './results-panel';
import { SlipContent, type SlipFeedback } from './slip';
import { TrendChart } from './trend-chart';

interface GameViewProps {
  game: LotteryMenuGame;
  offsetMs: number;
  /** The page's prize mode: the menu is asked again with it (the page's own query). */
  prizeMode?: PrizeMode | undefined;
}

/** An issue whose sale the page saw close: its result is awaited from its draw time on. */
interface Awaited {
  issueNo: string;
  drawAt: string;
}

/**
 * One game: its issue and countdown, the play area and the slip, the last results and the
 * member's tickets. At sale close it shows the draw under way, asks the menu for the next issue,
 * and from the draw time asks for the results until the closed issue is in; the tickets are
 * then read again (and again while that issue's tickets are being settled).
 */
export function GameView({ game, offsetMs, prizeMode }: GameViewProps) {
  const { t } = useLotteryTexts();
  const symbol = useBrand().currencySymbol;
  const { token, isTrial } = useSession();
  const signedIn = token !== null;
  const modal = useModal();
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 900px)');

  const issue = game.current;
  // The issue whose sale close the countdown reached; it stays closed until the menu moves on.
  const [closedIssueNo, setClosedIssueNo] = useState<string | null>(null);
  const [awaited, setAwaited] = useState<Awaited | null>(null);
  const [drawDue, setDrawDue] = useState(false);
  const open = issue !== null && issue.issueNo !== closedIssueNo;
  const menu = useLotteryMenu(!open, prizeMode);
  const prices = useLotteryConfig();
  // The mode's odds board; until the menu names one, the merchant's first.
  const boardCode = menu.data?.board?.code;
  const lotteryConfig = useMemo(
    () => (prices.data?.config ? onBoard(prices.data.config, boardCode) : null),
    [prices.data, boardCode],
  );

  const onClosed = useCallback(() => {
    if (!issue) return;
    setClosedIssueNo(issue.issueNo);
    setAwaited((a) =>
      a && a.issueNo >= issue.issueNo ? a : { issueNo: issue.issueNo, drawAt: issue.drawAt },
    );
  }, [issue]);

  // The results are asked for from the awaited issue's draw time (server clock) on.
  useEffect(() => {
    if (!awaited) return;
    const timer = setTimeout(() => setDrawDue(true), msUntil(awaited.drawAt, offsetMs));
    return () => clearTimeout(timer);
  }, [awaited, offsetMs]);

  const results = useLotteryResults(game.gameCode, (awaited !== null && drawDue) || issue === null);
  const newest = results.data?.results[0]?.issueNo;
  useEffect(() => {
    if (!awaited || newest === undefined || newest < awaited.issueNo) return;
    setAwaited(null);
    setDrawDue(false);
    void queryClient.invalidateQueries({ queryKey: lotteryTicketsKey });
  }, [awaited, newest, queryClient]);
  const drawnIssues = useMemo(
    () => new Set((results.data?.results ?? []).map((r) => r.issueNo)),
    [results.data],
  );

  // The slip.
  const [slip, setSlip] = useState<SlipItem[]>([]);
  const [feedback, setFeedback] = useState<SlipFeedback | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [chasing, setChasing] = useState(false);
  const [records, setRecords] = useState<'bets' | 'chases' | 'history' | 'trend'>('bets');
  const place = usePlaceBets();
  const onAdd = (priced: readonly Priced[]) => {
    const next = addToSlip(slip, priced);
    if (!next) return false;
    setSlip(next);
    setChasing(false);
    setFeedback(null);
    return true;
  };
  const onPlace = () => {
    if (!issue || !open || slip.length === 0) return;
    const issueNo = issue.issueNo;
    setFeedback(null);
    place.mutate(
      { gameCode: game.gameCode, issueNo, tickets: slip.map((i) => i.ticket) },
      {
        onSuccess: (reply) => {
          setSlip([]);
          setFeedback({ kind: 'placed', count: reply.tickets.length, issueNo });
        },
        onError: (error) => {
          setFeedback(refusalOf(t, error, isTrial));
          void menu.refetch();
        },
      },
    );
  };
  const configGame = lotteryConfig ? lotteryGame(lotteryConfig, game.gameCode) : undefined;
  const chaseItem = slip.length === 1 ? slip[0] : undefined;
  const chase =
    chasing && chaseItem && configGame ? (
      <ChaseForm
        key={chaseItem.id}
        gameCode={game.gameCode}
        game={configGame}
        issue={issue && open ? issue : null}
        item={chaseItem}
        symbol={symbol}
        onCancel={() => setChasing(false)}
        onPlaced={(count, issueNo) => {
          setSlip([]);
          setChasing(false);
          setRecords('chases');
          setFeedback({ kind: 'chased', count, issueNo });
        }}
      />
    ) : null;
  const slipProps = {
    items: slip,
    symbol,
    issueNo: open ? issue.issueNo : null,
    signedIn,
    trial: isTrial,
    placing: place.isPending,
    feedback,
    onRemove: (id: number) => {
      setSlip((s) => removeFromSlip(s, id));
      setChasing(false);
    },
    onClear: () => {
      setSlip([]);
      setFeedback(null);
      setChasing(false);
    },
    onChase: () => {
      setFeedback(null);
      setChasing(true);
    },
    chase,
    onPlace,
    onLogin: () => modal.open('login'),
    onDeposit: () => modal.open('memberCenter', { page: 'depositv2' }),
    // The board changed: its new odds are read again, and the slip is priced anew from them.
    onRefresh: () => {
      setFeedback(null);
      void prices.refetch();
      void menu.refetch();
    },
  };
  const totals = slipTotals(slip);
  const engine = engineFamilyOf(game);
  const priced =
    engine !== null && lotteryConfig !== null && lotteryGame(lotteryConfig, game.gameCode) !== undefined;

  return (
    <div className={styles.view} data-lottery-view={game.gameCode}>
      <div className={styles.issue}>
        <IssueBar name={game.name} issue={issue} open={open} offsetMs={offsetMs} onClosed={onClosed} />
      </div>
      <div className={styles.play}>
        {prices.isPending ? null : priced && engine && lotteryConfig ? (
          <PlayPanel
            config={lotteryConfig}
            gameCode={game.gameCode}
            groups={playGroupsOf(engine.family, engine.layout)}
            year={issue && game.family === 'lhc' ? lhcYearAt(issue.drawAt) : null}
            symbol={symbol}
            onAdd={onAdd}
          />
        ) : (
          <p className={styles.notice} role="alert">
            {t('game.notPriced')}
          </p>
        )}
      </div>
      {phone ? null : (
        <aside className={styles.slip} aria-labelledby="lottery-slip-heading">
          <h2 id="lottery-slip-heading" className={styles.slipHeading}>
            {t('slip.heading')}
          </h2>
          <SlipContent {...slipProps} />
        </aside>
      )}
      <div className={styles.results}>
        <ResultsPanel data={results.data} isError={results.isError} onRetry={() => void results.refetch()} />
      </div>
      <div className={styles.tickets}>
        <Tabs
          label={t('chases.tabs')}
          idBase="lottery-records"
          value={records}
          onChange={setRecords}
          items={[
            { value: 'bets', label: t('tickets.heading') },
            { value: 'chases', label: t('chases.heading') },
            { value: 'history', label: t('history.heading') },
            { value: 'trend', label: t('trend.tab') },
          ]}
          className={styles.recordTabs}
        />
        <TabPanel idBase="lottery-records" value={records}>
          {records === 'bets' ? (
            <MyBets
              gameCode={game.gameCode}
              symbol={symbol}
              signedIn={signedIn}
              drawnIssues={drawnIssues}
              onLogin={() => modal.open('login')}
            />
          ) : records === 'chases' ? (
            <MyChases symbol={symbol} signedIn={signedIn} onLogin={() => modal.open('login')} />
          ) : records === 'history' ? (
            <DrawHistory gameCode={game.gameCode} />
          ) : (
            <TrendChart gameCode={game.gameCode} family={game.family} layout={game.layout} />
          )}
        </TabPanel>
      </div>
      {phone ? (
        <>
          <div className={styles.bar} data-slip-bar="true">
            <span className={styles.barFigures}>
              {t('slip.barFigures', { count: totals.tickets, stake: moneyText(totals.stakeMinor, symbol) })}
            </span>
            <Button variant="highlight" onClick={() => setSheetOpen(true)} aria-haspopup="dialog">
              {t('slip.open', { count: totals.tickets })}
            </Button>
          </div>
          <Modal open={sheetOpen} onClose={() => setSheetOpen(false)} size="sheet" dataModal="lottery-slip">
            <ModalTitle>{t('slip.heading')}</ModalTitle>
            <SlipContent {...slipProps} />
          </Modal>
        </>
      ) : null}
    </div>
  );
}
