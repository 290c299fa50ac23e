import { ZODIAC, type Zodiac } from '@aurum/games';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, cx, PageHeader } from '../../../components/ui';
import { TextField } from '../../../components/ui/form';
import { apiCall } from '../../../lib/api';
import { useLotteryTexts } from '../../../lib/lottery/texts';
import { paths } from '../../../lib/routes/paths';
import { type LotteryDrawnIssue, lotteryDrawsKey } from '../api/draws';
import { useLotteryMenu } from '../api/game-menu';
import { DrawNumbers } from '../components/draw-numbers';
import { FAMILY_KEYS, type FamilyKey, familyKeyOf } from '../model/families';
import { lhcYearAt } from '../model/prices';
import { sameDraw, type Verified, type VerifyInput, verifyDraw, verifyProblem } from '../model/verify';
import styles from './verify-page.module.css';

const ISSUE_NO = /^\d{8}(?:-\d{4})?$/;
const GAME_CODE = /^[a-z0-9][a-z0-9-]{0,31}$/;

/** The published issue a Verify link names: its seed, commitment and result once drawn. */
function usePublishedDraw(gameCode: string | null, issueNo: string | null) {
  const valid = gameCode !== null && issueNo !== null && GAME_CODE.test(gameCode) && ISSUE_NO.test(issueNo);
  return useQuery({
    queryKey: [...lotteryDrawsKey, gameCode, 'issue', issueNo],
    queryFn: async ({ signal }) => {
      const page = await apiCall('lotteryDraws', {
        query: { gameCode: gameCode!, issueNo: issueNo!, page: 1, size: 1 },
        signal,
      });
      return page.content[0] ?? null;
    },
    enabled: valid,
    staleTime: 5 * 60_000,
  });
}

/**
 * /lotteryVerify?gameCode=&issueNo= (public): checks a lottery draw. A Verify link of the draw
 * history fills in the published seed, commitment and game; anyone may also paste a seed and an
 * issue id and pick the game type. The browser hashes the seed (WebCrypto SHA-256) against the
 * commitment and recomputes the numbers with the engine's drawIssue: the result shown is always
 * the one computed here, and it says whether it is the one the site published.
 */
export default function LotteryVerifyPage() {
  const { t } = useLotteryTexts();
  const [search] = useSearchParams();
  const gameCode = search.get('gameCode');
  const issueNo = search.get('issueNo');
  const named = gameCode !== null && issueNo !== null;
  const menu = useLotteryMenu();
  const published = usePublishedDraw(gameCode, issueNo);
  const game = menu.data?.games.find((g) => g.gameCode === gameCode);
  const loading = named && (published.isPending || menu.isPending) && !published.isError && !menu.isError;

  return (
    <div className={styles.page} data-page="lottery-verify">
      <PageHeader title={t('verify.title')} subtitle={t('verify.subtitle')} compact />
      {loading ? (
        <p className={styles.note} aria-busy="true">
          {t('verify.loading')}
        </p>
      ) : (
        <>
          {named && published.data === null ? (
            <p className={styles.notice} role="status">
              {t('verify.notDrawn', { issueNo, game: game?.name ?? gameCode })}
            </p>
          ) : null}
          {named && published.isError ? (
            <p className={styles.notice} role="alert">
              {t('verify.loadFailed')}
            </p>
          ) : null}
          <VerifyForm
            key={published.data?.issueNo ?? 'blank'}
            gameCode={gameCode}
            issueNo={issueNo}
            kind={game ? familyKeyOf(game) : null}
            gameName={game?.name ?? null}
            published={published.data ?? null}
            commitment={
              published.data?.seedHash ??
              (game?.current?.issueNo === issueNo ? game?.current?.seedHash : null) ??
              ''
            }
          />
        </>
      )}
      <section className={styles.how} aria-labelledby="lottery-verify-how">
        <h2 id="lottery-verify-how" className={styles.heading}>
          {t('verify.howHeading')}
        </h2>
        <ol className={styles.steps}>
          <li>{t('verify.how1')}</li>
          <li>{t('verify.how2')}</li>
          <li>{t('verify.how3')}</li>
          <li>{t('verify.how4')}</li>
        </ol>
        <p className={styles.note}>{t('verify.howMore')}</p>
      </section>
    </div>
  );
}

interface VerifyFormProps {
  gameCode: string | null;
  issueNo: string | null;
  kind: FamilyKey | null;
  gameName: string | null;
  published: LotteryDrawnIssue | null;
  commitment: string;
}

type Outcome = { kind: 'done'; verified: Verified; matches: boolean | null } | { kind: 'failed' };

function VerifyForm({
  gameCode,
  issueNo,
  kind: gameKind,
  gameName,
  published,
  commitment: initialCommitment,
}: VerifyFormProps) {
  const { t } = useLotteryTexts();
  const id = useId();
  const publishedId = gameCode && issueNo ? `${gameCode}-${issueNo}` : '';
  const [seed, setSeed] = useState(published?.seed ?? '');
  const [issueId, setIssueId] = useState(publishedId);
  const [kind, setKind] = useState<FamilyKey>(gameKind ?? 'ssc');
  const [year, setYear] = useState<Zodiac | null>(published ? lhcYearAt(published.drawAt) : null);
  const [commitment, setCommitment] = useState(initialCommitment);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const input: VerifyInput = { seed, issueId, kind, year, commitment };
  const problem = verifyProblem(input);

  const run = async (what: VerifyInput) => {
    setTried(true);
    if (verifyProblem(what)) return;
    setBusy(true);
    try {
      const verified = await verifyDraw(what);
      // The published result is compared only for the issue it belongs to.
      const matches =
        published && what.issueId.trim() === publishedId ? sameDraw(verified.draw, published.result) : null;
      setOutcome({ kind: 'done', verified, matches });
    } catch {
      setOutcome({ kind: 'failed' });
    } finally {
      setBusy(false);
    }
  };
  // A Verify link checks at once what it filled in.
  const ran = useRef(false);
  useEffect(() => {
    if (ran.current || !published) return;
    ran.current = true;
    void run(input);
  });
  const edit =
    <A,>(set: (a: A) => void) =>
    (a: A) => {
      set(a);
      setOutcome(null);
    };
  const shown = tried ? problem : null;

  return (
    <section className={styles.card} aria-labelledby={`${id}-form`}>
      <h2 id={`${id}-form`} className={styles.heading}>
        {gameName && issueNo ? t('verify.formFor', { game: gameName, issueNo }) : t('verify.formHeading')}
      </h2>
      <form
        className={styles.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void run(input);
        }}
      >
        <TextField
          name="seed"
          label={t('verify.seed')}
          value={seed}
          onChange={edit(setSeed)}
          maxLength={64}
          hint={t('verify.seedHint')}
          error={shown === 'seed' ? t('verify.problems.seed') : undefined}
        />
        <TextField
          name="issueId"
          label={t('verify.issueId')}
          value={issueId}
          onChange={edit(setIssueId)}
          maxLength={64}
          hint={t('verify.issueIdHint')}
          error={shown === 'issueId' ? t('verify.problems.issueId') : undefined}
        />
        <div className={styles.selects}>
          <label className={styles.select}>
            <span>{t('verify.kind')}</span>
            <select
              value={kind}
              onChange={(e) => edit(setKind)(e.target.value as FamilyKey)}
              data-verify-kind="true"
            >
              {FAMILY_KEYS.map((k) => (
                <option key={k} value={k}>
                  {t(`families.${k}`)}
                </option>
              ))}
            </select>
          </label>
          {kind === 'lhc' ? (
            <label className={styles.select}>
              <span>{t('verify.year')}</span>
              <select
                value={year ?? ''}
                onChange={(e) => edit(setYear)((e.target.value || null) as Zodiac | null)}
                aria-invalid={shown === 'year'}
              >
                <option value="">{t('verify.pickYear')}</option>
                {ZODIAC.map((z) => (
                  <option key={z} value={z}>
                    {t(`options.${z}`)}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
        </div>
        {shown === 'year' ? <p className={styles.problem}>{t('verify.problems.year')}</p> : null}
        <TextField
          name="commitment"
          label={t('verify.commitment')}
          optional
          value={commitment}
          onChange={edit(setCommitment)}
          maxLength={64}
          hint={t('verify.commitmentHint')}
          error={shown === 'commitment' ? t('verify.problems.commitment') : undefined}
        />
        <div className={styles.actions}>
          <Button type="submit" variant="highlight" busy={busy} data-action="verify">
            {t('verify.submit')}
          </Button>
        </div>
      </form>
      {outcome?.kind === 'failed' ? (
        <p className={styles.bad} role="alert">
          {t('verify.failed')}
        </p>
      ) : outcome?.kind === 'done' ? (
        <div className={styles.outcome} role="status" data-verify-outcome="true">
          <p
            className={cx(
              styles.line,
              outcome.verified.commitmentOk === true && styles.good,
              outcome.verified.commitmentOk === false && styles.bad,
            )}
            data-commitment-check={
              outcome.verified.commitmentOk === null
                ? 'none'
                : outcome.verified.commitmentOk
                  ? 'match'
                  : 'mismatch'
            }
          >
            {outcome.verified.commitmentOk === null
              ? t('verify.noCommitment')
              : outcome.verified.commitmentOk
                ? t('verify.commitmentMatch')
                : t('verify.commitmentMismatch')}
          </p>
          <p className={styles.hash}>
            {t('verify.computedHash')} <code>{outcome.verified.hash}</code>
          </p>
          <h3 className={styles.subheading}>{t('verify.computed')}</h3>
          <div data-verify-result="true">
            <DrawNumbers result={outcome.verified.draw} size="full" />
          </div>
          {outcome.matches !== null ? (
            <p
              className={cx(styles.line, outcome.matches ? styles.good : styles.bad)}
              data-published-check={outcome.matches ? 'match' : 'mismatch'}
            >
              {outcome.matches ? t('verify.publishedMatch') : t('verify.publishedMismatch')}
            </p>
          ) : null}
        </div>
      ) : null}
      {gameCode && GAME_CODE.test(gameCode) ? (
        <p className={styles.note}>
          <Link to={`${paths.lottery}?gameCode=${encodeURIComponent(gameCode)}`}>{t('verify.back')}</Link>
        </p>
      ) : null}
    </section>
  );
}
