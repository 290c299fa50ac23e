/**
 * /play/verify — public, no session: recomputes a dice or plinko round in the browser from its
 * revealed server seed, client seed and nonce (prefilled from the address), and shows the
 * server seed's hash to compare with the one shown before play, the HMAC digests, the words
 * read and the outcome.
 */

import { PLINKO_RISKS, PLINKO_ROWS } from 'virtual:play-contract';
import { PLINKO_TABLES, SERVER_SEED_PATTERN, serverSeedHash } from '@aurum/games';
import { useId, useState } from 'react';
import { readVerifyQuery } from '../../lib/games/verify-link';
import { Segmented } from '../frame/controls';
import { BrandBar } from '../frame/game-frame';
import { chanceText, multiplier, rollText } from '../lib/format';
import { useTexts } from '../texts';
import { type Outcome, recompute } from './recompute';
import styles from './verify.module.css';
import { checkFields, type FieldProblem, initialFields, type VerifyFields } from './verify-form';

/** A labelled text box of the form (a textarea when it has rows), with its problem beneath. */
function TextField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Something is wrong with the value (checked on every keystroke). */
  invalid: boolean;
  /** What is wrong, once something is typed. */
  problem: string | null;
  kind: 'mono' | 'numeric' | 'decimal';
  rows?: number;
}) {
  const id = useId();
  const errorId = useId();
  const common = {
    id,
    className: `${styles.input} ${props.kind === 'mono' ? styles.mono : 'tabular'}`,
    value: props.value,
    'aria-invalid': props.invalid,
    'aria-describedby': props.problem ? errorId : undefined,
    spellCheck: props.kind === 'mono' ? false : undefined,
  };
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {props.label}
      </label>
      {props.rows ? (
        <textarea {...common} rows={props.rows} onChange={(e) => props.onChange(e.target.value)} />
      ) : (
        <input
          {...common}
          autoComplete="off"
          inputMode={props.kind === 'mono' ? undefined : props.kind}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
      {props.problem ? (
        <p id={errorId} className={styles.problem}>
          {props.problem}
        </p>
      ) : null}
    </div>
  );
}

export default function VerifyPage() {
  const texts = useTexts();
  const t = texts.verify;
  const [fields, setFields] = useState<VerifyFields>(() =>
    initialFields(readVerifyQuery(window.location.search)),
  );
  const set = <K extends keyof VerifyFields>(key: K, value: VerifyFields[K]) =>
    setFields((f) => ({ ...f, [key]: value }));
  const { problems, input } = checkFields(fields);
  // A few HMAC blocks: cheap enough to redo on every keystroke.
  const result = input ? recompute(input) : null;
  const seed = fields.serverSeed.trim();
  const hash = SERVER_SEED_PATTERN.test(seed) ? serverSeedHash(seed) : null;
  const messages: Record<FieldProblem, string> = {
    serverSeed: t.invalidServerSeed,
    clientSeed: t.invalidClientSeed,
    nonce: t.invalidNonce,
    target: t.invalidTarget,
  };
  // A field says what is wrong once something is typed in it.
  const problem = (key: FieldProblem) =>
    problems.includes(key) && String(fields[key]).length > 0 ? messages[key] : null;

  return (
    <div className={styles.shell}>
      <BrandBar title={t.title} />
      <main className={styles.main}>
        <p className={styles.intro}>{t.intro}</p>
        <div className={styles.grid}>
          <form className={styles.card} onSubmit={(e) => e.preventDefault()} aria-label={t.title}>
            <Segmented
              label={t.game}
              value={fields.game}
              options={[
                { value: 'dice', label: t.games.dice },
                { value: 'plinko', label: t.games.plinko },
              ]}
              onChange={(v) => set('game', v)}
            />
            <TextField
              label={t.serverSeed}
              kind="mono"
              rows={2}
              value={fields.serverSeed}
              invalid={problems.includes('serverSeed')}
              problem={problem('serverSeed')}
              onChange={(v) => set('serverSeed', v)}
            />
            <TextField
              label={t.clientSeed}
              kind="mono"
              value={fields.clientSeed}
              invalid={problems.includes('clientSeed')}
              problem={problem('clientSeed')}
              onChange={(v) => set('clientSeed', v)}
            />
            <TextField
              label={t.nonce}
              kind="numeric"
              value={fields.nonce}
              invalid={problems.includes('nonce')}
              problem={problem('nonce')}
              onChange={(v) => set('nonce', v)}
            />
            {fields.game === 'dice' ? (
              <>
                <TextField
                  label={t.target}
                  kind="decimal"
                  value={fields.target}
                  invalid={problems.includes('target')}
                  problem={problem('target')}
                  onChange={(v) => set('target', v)}
                />
                <Segmented
                  label={t.direction}
                  value={fields.direction}
                  options={[
                    { value: 'under', label: texts.dice.under },
                    { value: 'over', label: texts.dice.over },
                  ]}
                  onChange={(v) => set('direction', v)}
                />
              </>
            ) : (
              <>
                <Segmented
                  label={t.rows}
                  value={fields.rows}
                  options={PLINKO_ROWS.map((n) => ({ value: n, label: String(n) }))}
                  onChange={(v) => set('rows', v)}
                />
                <Segmented
                  label={t.risk}
                  value={fields.risk}
                  options={PLINKO_RISKS.map((r) => ({ value: r, label: texts.plinko.risks[r] }))}
                  onChange={(v) => set('risk', v)}
                />
              </>
            )}
          </form>
          <section className={styles.card} aria-labelledby="verify-outcome" aria-live="polite">
            <h2 id="verify-outcome" className={styles.heading}>
              {t.outcome}
            </h2>
            {result ? (
              <OutcomeView outcome={result.outcome} fields={fields} />
            ) : (
              <p className={styles.muted}>–</p>
            )}
            <h3 className={styles.subheading}>{t.hash}</h3>
            <code className={styles.code} data-verify="hash">
              {hash ?? '–'}
            </code>
            <p className={styles.muted}>{t.hashHint}</p>
            {result ? (
              <>
                <h3 className={styles.subheading}>{t.digests}</h3>
                <ol className={styles.blocks}>
                  {result.blocks.map((b) => (
                    <li key={b.cursor}>
                      <span className={styles.muted}>
                        {t.message} <code>{b.message}</code>
                      </span>
                      <code className={styles.code}>{b.digest}</code>
                    </li>
                  ))}
                </ol>
                <h3 className={styles.subheading}>{t.words}</h3>
                <ol className={styles.words}>
                  {result.words.map((w, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: words are positional.
                    <li key={i} data-kept={w.kept}>
                      <code>{w.value.toString(16).padStart(8, '0')}</code>
                      <span className="tabular">{w.value}</span>
                      {w.kept ? null : <span className={styles.rejected}>{t.rejected}</span>}
                    </li>
                  ))}
                </ol>
              </>
            ) : null}
            <details className={styles.how}>
              <summary>{t.how}</summary>
              <p>{t.howBody}</p>
            </details>
          </section>
        </div>
      </main>
    </div>
  );
}

/** The recomputed outcome, in the game's terms. */
function OutcomeView({ outcome, fields }: { outcome: Outcome; fields: VerifyFields }) {
  const texts = useTexts();
  const t = texts.verify;
  if (outcome.game === 'dice') {
    return (
      <div className={styles.outcome} data-verify="outcome">
        <div className={styles.big}>
          <span className={styles.bigLabel}>{t.roll}</span>
          <strong className="tabular" data-verify="roll">
            {rollText(outcome.roll)}
          </strong>
        </div>
        <dl className={styles.facts}>
          <dt>{texts.dice.target}</dt>
          <dd className="tabular">
            {fields.direction === 'under'
              ? texts.dice.rollUnder(fields.target)
              : texts.dice.rollOver(fields.target)}
          </dd>
          <dt>{texts.dice.chance}</dt>
          <dd className="tabular">{chanceText(outcome.chance)}</dd>
          <dt>{t.multiplier}</dt>
          <dd className="tabular">{multiplier(outcome.multiplier)}</dd>
        </dl>
        <span className={styles.badge} data-win={outcome.win}>
          {outcome.win ? t.won : t.lost}
        </span>
      </div>
    );
  }
  const table = PLINKO_TABLES[fields.rows][fields.risk];
  return (
    <div className={styles.outcome} data-verify="outcome">
      <div className={styles.big}>
        <span className={styles.bigLabel}>{t.multiplier}</span>
        <strong className="tabular" data-verify="multiplier">
          {multiplier(outcome.multiplier)}
        </strong>
      </div>
      <dl className={styles.facts}>
        <dt>{t.path}</dt>
        <dd>
          <code data-verify="path">{outcome.path.join(' ')}</code>
        </dd>
        <dt>{t.bucket}</dt>
        <dd className="tabular" data-verify="bucket">
          {outcome.bucket} / {table.length - 1}
        </dd>
      </dl>
    </div>
  );
}
