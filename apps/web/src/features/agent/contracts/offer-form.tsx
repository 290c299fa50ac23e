import type { Contract, ContractKind } from '@aurum/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui';
import { FormFailure, TextField } from '../../../components/ui/form';
import { useAgentTexts } from '../../../lib/agent/texts';
import { isApiError } from '../../../lib/api';
import { SearchField, SelectField } from '../../../lib/money/fields';
import shared from '../../../lib/money/money.module.css';
import { useFundsTexts } from '../../../lib/money/texts';
import { useBrand } from '../../../lib/site';
import styles from '../agent-centre.module.css';
import { useOfferContract } from '../api/contracts';
import { useDownlines } from '../api/downlines';
import { contractErrorText } from './errors';
import { TierTable } from './tier-table';
import {
  checkTiers,
  draftToTiers,
  emptyTier,
  offerFigures,
  type TierDraft,
  type TierProblem,
  tiersToDraft,
} from './tiers';

/** Tiers an offer may have (the contract's own limit). */
const MAX_TIERS = 20;

/**
 * A new offer to a direct downline agent, or a modification of one I gave: pick the downline, edit
 * the tiers (checked here as the server checks them: thresholds go up, no rate above my own
 * contract's on the same figures), send. The server's refusals show at the field they concern.
 */
export function OfferForm({
  kind,
  mine,
  modifying,
  onDone,
}: {
  kind: ContractKind;
  mine: Contract;
  modifying: Contract | null;
  onDone: () => void;
}) {
  const { t } = useAgentTexts();
  const { t: tf } = useFundsTexts();
  const { t: tc } = useTranslation();
  const titleId = useId();
  const brand = useBrand();
  // The picker lists the first page of direct downlines; the search narrows them by account.
  const [search, setSearch] = useState('');
  const downlines = useDownlines(1, search.trim());
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // Changing a contract's terms brings the form (below the lists) into view.
    if (modifying) {
      heading.current?.scrollIntoView?.({ block: 'start' });
      heading.current?.focus();
    }
  }, [modifying]);
  const offer = useOfferContract();
  const figures = offerFigures(kind, mine.terms);
  const [downline, setDownline] = useState(modifying?.downline ?? '');
  const [tiers, setTiers] = useState<TierDraft[]>(
    modifying ? tiersToDraft(modifying.terms.tiers) : [emptyTier()],
  );
  const [problems, setProblems] = useState<(TierProblem | null)[]>([]);
  const [downlineError, setDownlineError] = useState<string | null>(null);
  const [tiersError, setTiersError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const agents = (downlines.data?.content ?? []).filter((d) => brand.agentType.includes(d.type));
  const setTier = (i: number, change: (d: TierDraft) => TierDraft) =>
    setTiers((all) => all.map((d, j) => (j === i ? change(d) : d)));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSent(null);
    const found = checkTiers(kind, tiers, mine.terms);
    setProblems(found);
    setDownlineError(downline ? null : t('contracts.offer.pickDownline'));
    setTiersError(null);
    if (!downline || found.some((p) => p !== null)) return;
    try {
      await offer.mutateAsync({ downline, kind, terms: { tiers: draftToTiers(kind, tiers) } });
      setSent(t('contracts.offer.sent', { account: downline }));
      if (!modifying) {
        setTiers([emptyTier()]);
        setDownline('');
      }
      onDone();
    } catch (error) {
      const code = isApiError(error) ? error.errorCode : null;
      const text = contractErrorText(t, tf, tc, error);
      const details = isApiError(error) ? Object.keys(error.details ?? {}) : [];
      if (code === 'contract.downline.invalid' || details.includes('downline')) setDownlineError(text);
      else if (code === 'contract.terms.invalid' || details.some((k) => k.startsWith('terms')))
        setTiersError(text);
    }
  };
  const fieldProblem = (p: TierProblem | null | undefined) => (p ? t(`contracts.problems.${p}`) : undefined);
  const shownError =
    offer.isError && !downlineError && !tiersError ? contractErrorText(t, tf, tc, offer.error) : null;
  return (
    <section className={shared.section} aria-labelledby={titleId} data-contracts="offer">
      <h3 id={titleId} ref={heading} tabIndex={-1}>
        {modifying ? t('contracts.offer.modifyTitle') : t('contracts.offer.title')}
      </h3>
      <p className={shared.lead}>{t('contracts.offer.lead')}</p>
      <TierTable kind={kind} terms={mine.terms} caption={t('contracts.offer.mine')} />
      <form onSubmit={submit} aria-labelledby={titleId} noValidate className={shared.form}>
        {modifying ? (
          <p className={shared.lead}>{t('contracts.offer.modifying', { account: modifying.downline })}</p>
        ) : (
          <>
            <SearchField
              name="downline-search"
              label={t('contracts.offer.search')}
              value={search}
              onChange={setSearch}
            />
            <SelectField
              name="downline"
              label={t('contracts.offer.downline')}
              value={downline}
              placeholder={agents.length ? t('contracts.offer.choose') : t('contracts.offer.noAgents')}
              onChange={(v) => setDownline(v)}
              options={agents.map((d) => ({ value: d.account, label: d.account }))}
              error={downlineError ?? undefined}
            />
          </>
        )}
        {tiers.map((d, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a tier is its place in the list
          <fieldset key={i} className={styles.tierRow} data-tier={i + 1}>
            <legend>{t('contracts.offer.tier', { n: i + 1 })}</legend>
            {figures.map((f) => (
              <TextField
                key={f}
                name={`tier${i + 1}-${f}`}
                label={t(`contracts.figures.${f}`)}
                value={d.min[f] ?? ''}
                inputMode={f === 'active' ? 'numeric' : 'decimal'}
                optional
                onChange={(v) => setTier(i, (x) => ({ ...x, min: { ...x.min, [f]: v } }))}
                maxLength={18}
              />
            ))}
            <TextField
              name={`tier${i + 1}-percent`}
              label={t(kind === 'realtime' ? 'contracts.tiers.lossRate' : 'contracts.tiers.rate')}
              value={d.percent}
              inputMode="decimal"
              onChange={(v) => setTier(i, (x) => ({ ...x, percent: v }))}
              maxLength={8}
              error={kind === 'realtime' ? undefined : fieldProblem(problems[i])}
            />
            {kind === 'realtime' ? (
              <TextField
                name={`tier${i + 1}-winPercent`}
                label={t('contracts.tiers.winRate')}
                value={d.winPercent}
                inputMode="decimal"
                onChange={(v) => setTier(i, (x) => ({ ...x, winPercent: v }))}
                maxLength={8}
                error={fieldProblem(problems[i])}
              />
            ) : null}
            {tiers.length > 1 ? (
              <Button
                variant="ghost"
                onClick={() => {
                  setTiers((all) => all.filter((_, j) => j !== i));
                  setProblems([]);
                }}
              >
                {t('contracts.offer.removeTier', { n: i + 1 })}
              </Button>
            ) : null}
          </fieldset>
        ))}
        {tiersError ? <FormFailure>{tiersError}</FormFailure> : null}
        <div className={styles.actions}>
          <Button
            variant="secondary"
            disabled={tiers.length >= MAX_TIERS}
            onClick={() => setTiers((all) => [...all, emptyTier()])}
          >
            {t('contracts.offer.addTier')}
          </Button>
          <Button type="submit" busy={offer.isPending} disabled={offer.isPending}>
            {modifying ? t('contracts.offer.sendModification') : t('contracts.offer.send')}
          </Button>
          {modifying ? (
            <Button variant="ghost" onClick={onDone}>
              {t('contracts.warning.cancel')}
            </Button>
          ) : null}
        </div>
        {sent ? <output className={shared.lead}>{sent}</output> : null}
        {shownError ? <FormFailure>{t('register.failed', { reason: shownError })}</FormFailure> : null}
      </form>
    </section>
  );
}
