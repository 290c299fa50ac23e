/**
 * The fairness panel of dice and plinko: the server-seed hash committed before the next bet,
 * the editable client seed, the nonce, and the rotation that reveals the old server seed with a
 * link to the verifier prefilled with it.
 */
import { isClientSeed } from '@aurum/games';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { ShieldIcon } from '../frame/icons';
import { useTexts } from '../texts';
import styles from './fairness-panel.module.css';
import type { RotatedSeed, useFair } from './use-fair';

/** The game API takes printable ASCII without spaces (contract clientSeedSchema). */
export const acceptableClientSeed = (seed: string): boolean => isClientSeed(seed) && !seed.includes(' ');

export function FairnessPanel(props: {
  fair: ReturnType<typeof useFair>;
  /** Bets in flight: the seed pair must not change under them. */
  locked: boolean;
  verifyLink(revealed: RotatedSeed): string;
}) {
  const texts = useTexts();
  const { fair, revealed, busy, saveClientSeed, rotate } = props.fair;
  const [draft, setDraft] = useState(fair?.clientSeed ?? '');
  const [touched, setTouched] = useState(false);
  const inputId = useId();
  const errorId = useId();
  useEffect(() => {
    if (!touched && fair) setDraft(fair.clientSeed);
  }, [fair, touched]);
  if (!fair) return null;
  const valid = acceptableClientSeed(draft);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid || draft === fair.clientSeed) return;
    if (await saveClientSeed(draft, texts.fair.seedSaved)) setTouched(false);
  };
  return (
    <section className={styles.panel} aria-labelledby="fair-title">
      <h2 id="fair-title" className={styles.title}>
        <ShieldIcon /> {texts.fair.title}
      </h2>
      <p className={styles.intro}>{texts.fair.intro}</p>
      <dl className={styles.facts}>
        <dt>{texts.fair.serverSeedHash}</dt>
        <dd>
          <code className={styles.code} data-fair="server-seed-hash">
            {fair.serverSeedHash}
          </code>
        </dd>
        <dt>{texts.fair.nonce}</dt>
        <dd className="tabular" data-fair="nonce">
          {fair.nonce}
        </dd>
      </dl>
      <form className={styles.seedForm} onSubmit={submit}>
        <label htmlFor={inputId} className={styles.label}>
          {texts.fair.clientSeed}
        </label>
        <div className={styles.seedRow}>
          <input
            id={inputId}
            className={styles.input}
            value={draft}
            maxLength={64}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={!valid}
            aria-describedby={valid ? undefined : errorId}
            onChange={(e) => {
              setTouched(true);
              setDraft(e.target.value);
            }}
          />
          <button
            type="submit"
            className={styles.button}
            disabled={!valid || draft === fair.clientSeed || busy || props.locked}
          >
            {texts.fair.saveSeed}
          </button>
        </div>
        {valid ? null : (
          <p id={errorId} className={styles.error}>
            {texts.errors.clientSeed}
          </p>
        )}
      </form>
      <button
        type="button"
        className={styles.rotate}
        disabled={busy || props.locked}
        onClick={() => void rotate()}
      >
        {texts.fair.rotate}
      </button>
      {revealed ? (
        <div className={styles.revealed} data-fair="revealed">
          <p className={styles.note}>{texts.fair.rotated}</p>
          <dl className={styles.facts}>
            <dt>{texts.fair.revealed}</dt>
            <dd>
              <code className={styles.code} data-fair="revealed-seed">
                {revealed.serverSeed}
              </code>
            </dd>
            <dt>{texts.fair.previousHash}</dt>
            <dd>
              <code className={styles.code}>{revealed.serverSeedHash}</code>
            </dd>
            <dt>{texts.fair.previousClientSeed}</dt>
            <dd>
              <code className={styles.code}>{revealed.clientSeed}</code>
            </dd>
          </dl>
          <p className={styles.note}>{texts.fair.bets(revealed.nonces)}</p>
          {revealed.nonces > 0 ? (
            <a className={styles.link} href={props.verifyLink(revealed)} target="_blank" rel="noopener">
              {texts.fair.verify}
            </a>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
