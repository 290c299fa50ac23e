import { type LotteryConfig, lotteryGame, type Zodiac } from '@aurum/games';
import { useState } from 'react';
import { Button, cx, TabPanel, Tabs } from '../../../components/ui';
import { TextField } from '../../../components/ui/form';
import { lotteryKey, useLotteryTexts } from '../../../lib/lottery/texts';
import { moneyText } from '../model/money';
import { emptyPicks, type Picks, pickNeed, selectionsOf } from '../model/picks';
import type { Play, PlayGroup } from '../model/plays';
import { oddsText, optionOdds, prizesOf } from '../model/prices';
import {
  DEFAULT_STAKE,
  draftsOf,
  type Priced,
  priceDrafts,
  type StakeInput,
  stakeKindOf,
  stakeProblem,
  UNITS,
  type Unit,
} from '../model/pricing';
import { betTypeName, betTypeRule } from './labels';
import { Picker } from './picker';
import styles from './play-panel.module.css';

const ID = 'lottery-play';

interface PlayPanelProps {
  config: LotteryConfig;
  gameCode: string;
  groups: readonly PlayGroup[];
  /** The LHC lunar year's animal of the issue on sale (zodiac odds), or null. */
  year: Zodiac | null;
  symbol: string;
  /** Adds priced tickets to the slip; false when the slip has no room for them. */
  onAdd: (priced: readonly Priced[]) => boolean;
}

interface StakeText {
  unit: Unit;
  multiplier: string;
  amount: string;
  points: string;
}

const wholeOrNaN = (text: string) => (/^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/**
 * The play area: the family's tabs, the bet types of a tab, the picks with quick picks, the
 * stake (unit and multiplier, an amount, or points), and live totals priced by the engine the
 * server runs; "Add to slip" puts the tickets on the slip.
 */
export function PlayPanel({ config, gameCode, groups, year, symbol, onAdd }: PlayPanelProps) {
  const { t } = useLotteryTexts();
  const [groupId, setGroupId] = useState(groups[0]?.id ?? '');
  const group = groups.find((g) => g.id === groupId) ?? groups[0];
  const [playIds, setPlayIds] = useState<Record<string, string>>({});
  const play = group?.plays.find((p) => p.id === playIds[group.id]) ?? group?.plays[0];
  const [picked, setPicked] = useState<{ playId: string; picks: Picks } | null>(null);
  const [stakeText, setStakeText] = useState<StakeText>({
    unit: DEFAULT_STAKE.unit,
    multiplier: String(DEFAULT_STAKE.multiplier),
    amount: DEFAULT_STAKE.amount,
    points: String(DEFAULT_STAKE.points),
  });
  const [full, setFull] = useState(false);
  if (!group || !play) return null;

  const picks = picked?.playId === play.id ? picked.picks : emptyPicks(play.picker);
  const setPicks = (next: Picks) => {
    setFull(false);
    setPicked({ playId: play.id, picks: next });
  };
  const stake: StakeInput = {
    unit: stakeText.unit,
    multiplier: wholeOrNaN(stakeText.multiplier),
    amount: stakeText.amount,
    points: wholeOrNaN(stakeText.points),
  };
  const kind = stakeKindOf(play);
  const problem = stakeProblem(config, kind, stake);
  const need = pickNeed(play, picks);
  const selections = selectionsOf(play, picks);
  const priced =
    problem || selections.length === 0
      ? null
      : priceDrafts(config, draftsOf(config, gameCode, play, selections, stake));

  const add = () => {
    if (!priced?.ok) return;
    if (!onAdd(priced.items)) {
      setFull(true);
      return;
    }
    setPicked({ playId: play.id, picks: emptyPicks(play.picker) });
  };

  const hint =
    need.kind === 'pick'
      ? t('play.needPick')
      : need.kind === 'everyRow'
        ? t('play.needEveryRow')
        : need.kind === 'atLeast'
          ? t('play.needAtLeast', { n: need.n })
          : need.kind === 'exactly'
            ? t('play.needExactly', { n: need.n })
            : null;
  const refusal = full
    ? t('totals.full', { max: 50 })
    : priced && !priced.ok
      ? priced.problem === 'overLimit'
        ? t('totals.overLimit', { limit: moneyText(config.limits.maxStakePerBetMinor, symbol) })
        : t('totals.invalid')
      : null;

  return (
    <section className={styles.panel} aria-labelledby="lottery-play-heading" data-play={play.id}>
      <h2 id="lottery-play-heading" className="visually-hidden">
        {t('play.heading')}
      </h2>
      <Tabs
        label={t('play.tabs')}
        idBase={ID}
        value={group.id}
        onChange={(id) => setGroupId(id)}
        items={groups.map((g) => ({ value: g.id, label: t(lotteryKey(`groups.${g.id}`)) }))}
        className={styles.tabs}
      />
      <TabPanel idBase={ID} value={group.id} className={styles.body}>
        {group.plays.length > 1 ? (
          <fieldset className={styles.variants}>
            <legend className="visually-hidden">{t('play.variants')}</legend>
            {group.plays.map((p) => (
              <button
                key={p.id}
                type="button"
                className={cx(styles.variant, p.id === play.id && styles.variantOn)}
                aria-pressed={p.id === play.id}
                onClick={() => setPlayIds((ids) => ({ ...ids, [group.id]: p.id }))}
              >
                {betTypeName(t, p.betType)}
              </button>
            ))}
          </fieldset>
        ) : null}
        <p className={styles.rule}>
          <strong>{betTypeName(t, play.betType)}</strong> {betTypeRule(t, play.betType)}
        </p>
        <Picker
          picker={play.picker}
          name={betTypeName(t, play.betType)}
          picks={picks}
          onChange={setPicks}
          oddsOf={(_row, option) => {
            const odds = optionOdds(config, play.betType, option, year);
            return odds ? oddsText(odds) : undefined;
          }}
        />
        <Prizes config={config} gameCode={gameCode} play={play} stake={stake} symbol={symbol} />
        <StakeFields
          config={config}
          gameCode={gameCode}
          play={play}
          value={stakeText}
          onChange={setStakeText}
          problem={problem}
          symbol={symbol}
        />
        <div className={styles.totals} data-totals="true">
          <dl className={styles.figures}>
            <div>
              <dt>{t('totals.bets')}</dt>
              <dd data-total="bets">{priced?.ok ? priced.bets : 0}</dd>
            </div>
            <div>
              <dt>{t('totals.stake')}</dt>
              <dd data-total="stake">{moneyText(priced?.ok ? priced.stakeMinor : 0n, symbol)}</dd>
            </div>
            <div>
              <dt>{t('totals.topPrize')}</dt>
              <dd data-total="prize">{moneyText(priced?.ok ? priced.topPrizeMinor : 0n, symbol)}</dd>
            </div>
          </dl>
          <p className={cx(styles.hint, refusal && styles.refusal)} role={refusal ? 'alert' : undefined}>
            {refusal ?? hint ?? ''}
          </p>
          <Button onClick={add} disabled={!priced?.ok} data-action="add-to-slip">
            {t('totals.add')}
          </Button>
        </div>
      </TabPanel>
    </section>
  );
}

interface PrizesProps {
  config: LotteryConfig;
  gameCode: string;
  play: Play;
  stake: StakeInput;
  symbol: string;
}

/** What one winning bet of a number play pays at the stake entered. */
function Prizes({ config, gameCode, play, stake, symbol }: PrizesProps) {
  const { t } = useLotteryTexts();
  const prizes = prizesOf(config, gameCode, play, stake);
  if (prizes.length === 0) return null;
  return (
    <dl className={styles.prizes} data-prizes="true">
      {prizes.map(({ key, prizeMinor }) => (
        <div key={key}>
          <dt>{t(lotteryKey(`prices.${key === '*' ? 'each' : key}`))}</dt>
          <dd>{moneyText(prizeMinor, symbol)}</dd>
        </div>
      ))}
    </dl>
  );
}

interface StakeFieldsProps {
  config: LotteryConfig;
  gameCode: string;
  play: Play;
  value: StakeText;
  onChange: (value: StakeText) => void;
  problem: ReturnType<typeof stakeProblem>;
  symbol: string;
}

/** The stake of the play's kind: unit and multiplier, an amount per bet, or points per number. */
function StakeFields({ config, gameCode, play, value, onChange, problem, symbol }: StakeFieldsProps) {
  const { t } = useLotteryTexts();
  const kind = stakeKindOf(play);
  if (kind === 'units') {
    const m = wholeOrNaN(value.multiplier);
    const step = (by: number) =>
      onChange({
        ...value,
        multiplier: String(
          Math.min(config.limits.maxMultiplier, Math.max(1, (Number.isNaN(m) ? 1 : m) + by)),
        ),
      });
    return (
      <div className={styles.stake}>
        <fieldset className={styles.units}>
          <legend className={styles.label}>{t('stake.unit')}</legend>
          <div className={styles.segments}>
            {UNITS.filter((u) => config.unitDivisors.includes({ '1': 1, '0.1': 10, '0.01': 100 }[u])).map(
              (u) => (
                <button
                  key={u}
                  type="button"
                  className={cx(styles.segment, value.unit === u && styles.segmentOn)}
                  aria-pressed={value.unit === u}
                  onClick={() => onChange({ ...value, unit: u })}
                >
                  {t(`stake.units.${u === '1' ? 'one' : u === '0.1' ? 'tenth' : 'hundredth'}`)}
                </button>
              ),
            )}
          </div>
        </fieldset>
        <TextField
          name="multiplier"
          label={t('stake.multiplier')}
          value={value.multiplier}
          inputMode="numeric"
          maxLength={7}
          onChange={(multiplier) => onChange({ ...value, multiplier })}
          error={
            problem === 'multiplier'
              ? t('stake.problems.multiplier', { max: config.limits.maxMultiplier })
              : undefined
          }
          prefix={
            <Button variant="secondary" size="sm" onClick={() => step(-1)} aria-label={t('stake.less')}>
              −
            </Button>
          }
          suffix={
            <Button variant="secondary" size="sm" onClick={() => step(1)} aria-label={t('stake.more')}>
              +
            </Button>
          }
        />
      </div>
    );
  }
  if (kind === 'points') {
    const layout = lotteryGame(config, gameCode)?.layout;
    const price = layout ? config.points.get(play.betType)?.get(layout) : undefined;
    return (
      <div className={styles.stake}>
        <TextField
          name="points"
          label={t('stake.points')}
          value={value.points}
          inputMode="numeric"
          maxLength={7}
          onChange={(points) => onChange({ ...value, points })}
          error={problem === 'points' ? t('stake.problems.points') : undefined}
          hint={
            price
              ? t('stake.pointsHint', {
                  price: moneyText(price.priceMinor, symbol),
                  pay: moneyText(price.payMinor, symbol),
                })
              : undefined
          }
        />
      </div>
    );
  }
  return (
    <div className={styles.stake}>
      <TextField
        name="amount"
        label={t('stake.amount')}
        value={value.amount}
        inputMode="decimal"
        maxLength={12}
        onChange={(amount) => onChange({ ...value, amount })}
        error={problem === 'amount' ? t('stake.problems.amount') : undefined}
        prefix={<span className={styles.symbol}>{symbol}</span>}
      />
    </div>
  );
}
