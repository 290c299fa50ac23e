import type { AgentLink, LinkValidity, RouteValue } from '@aurum/contract';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, QrCode, Spinner } from '../../components/ui';
import { CopyButton } from '../../components/ui/copy-button';
import { FormFailure, TextField } from '../../components/ui/form';
import { useAgentTexts } from '../../lib/agent/texts';
import { formatDateTime } from '../../lib/format/date';
import { moneyErrorText } from '../../lib/money/errors';
import { LoadFailure, Notice, SelectField } from '../../lib/money/fields';
import shared from '../../lib/money/money.module.css';
import { useFundsTexts } from '../../lib/money/texts';
import { paths } from '../../lib/routes/paths';
import { useFeature } from '../../lib/site';
import styles from './agent-centre.module.css';
import {
  useAgentLinks,
  useCreateAgentLink,
  useDeleteAgentLink,
  useRegisterDownline,
} from './api/register-centre';

type Kind = 'player' | 'agent';
const QR_SIZE = 96;
/** The contract's link validities (LINK_VALIDITIES), in the order the picker offers them. */
export const VALIDITIES: readonly LinkValidity[] = ['none', '1d', '7d', '30d', '1y'];

/** The address a registration link's code opens: the register page with the code as affiliate code. */
export const linkUrl = (code: string, origin = window.location.origin) =>
  `${origin}${paths.register}?affiliateCode=${encodeURIComponent(code)}`;

/** An API failure in the member's language (the money kit knows every code's text). */
function useFailureText() {
  const { t: tf } = useFundsTexts();
  const { t: tc } = useTranslation();
  return (error: unknown) => moneyErrorText(tf, tc, error);
}

/**
 * registerCenter (REGCEN): open a downline directly (its one-time password is shown once, here)
 * and manage registration links (copy, QR code, sign-up counts, delete).
 */
export default function RegisterCentrePage() {
  const { t } = useAgentTexts();
  if (!useFeature('REGCEN')) return <Notice>{t('tabs.off')}</Notice>;
  return (
    <div className={shared.page} data-agent-page="registerCenter">
      <OpenDownline />
      <Links />
    </div>
  );
}

function KindChoice({
  name,
  value,
  onChange,
  legend,
}: {
  name: string;
  value: Kind;
  onChange: (k: Kind) => void;
  legend: string;
}) {
  const { t } = useAgentTexts();
  return (
    <fieldset className={styles.choices}>
      <legend>{legend}</legend>
      {(['player', 'agent'] as const).map((k) => (
        <label key={k} className={styles.choice}>
          <input type="radio" name={name} value={k} checked={value === k} onChange={() => onChange(k)} />
          {t(`register.${k}`)}
        </label>
      ))}
    </fieldset>
  );
}

function OpenDownline() {
  const { t } = useAgentTexts();
  const failure = useFailureText();
  const titleId = useId();
  const register = useRegisterDownline();
  const [account, setAccount] = useState('');
  const [nickname, setNickname] = useState('');
  const [kind, setKind] = useState<Kind>('player');
  const [opened, setOpened] = useState<RouteValue<'registerDownline'> | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    register.mutate(
      { account: account.trim(), type: kind, ...(nickname.trim() ? { nickname: nickname.trim() } : {}) },
      {
        onSuccess: (value) => {
          setOpened(value);
          setAccount('');
          setNickname('');
        },
      },
    );
  };

  if (opened) {
    return (
      <section className={shared.section} aria-labelledby={titleId} data-section="opened">
        <h3 id={titleId}>{t('register.doneTitle', { account: opened.account })}</h3>
        <p className={shared.lead}>{t('register.doneText')}</p>
        <p className={styles.secret}>
          <span>{t('register.password')}:</span>
          <output data-one-time-password="true">{opened.oneTimePassword}</output>
        </p>
        <Button
          variant="secondary"
          onClick={() => {
            setOpened(null);
            register.reset();
          }}
        >
          {t('register.another')}
        </Button>
      </section>
    );
  }

  return (
    <section className={shared.section} aria-labelledby={titleId}>
      <h3 id={titleId}>{t('register.title')}</h3>
      <p className={shared.lead}>{t('register.lead')}</p>
      <form className={shared.form} onSubmit={submit} aria-labelledby={titleId} noValidate>
        <TextField
          name="account"
          label={t('register.account')}
          value={account}
          onChange={setAccount}
          maxLength={32}
          autoComplete="off"
        />
        <TextField
          name="nickname"
          label={t('register.nickname')}
          value={nickname}
          onChange={setNickname}
          maxLength={64}
          optional
        />
        <KindChoice name="downline-type" value={kind} onChange={setKind} legend={t('register.type')} />
        {register.isError ? (
          <FormFailure>{t('register.failed', { reason: failure(register.error) })}</FormFailure>
        ) : null}
        <Button type="submit" busy={register.isPending} disabled={register.isPending || !account.trim()}>
          {t('register.submit')}
        </Button>
      </form>
    </section>
  );
}

function Links() {
  const { t } = useAgentTexts();
  const failure = useFailureText();
  const titleId = useId();
  const links = useAgentLinks();
  const create = useCreateAgentLink();
  const [kind, setKind] = useState<Kind>('player');
  const [validity, setValidity] = useState<LinkValidity>('7d');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate({ memberType: kind, validity });
  };
  return (
    <section className={shared.section} aria-labelledby={titleId} data-section="links">
      <h3 id={titleId}>{t('register.linksTitle')}</h3>
      <p className={shared.lead}>{t('register.linksLead')}</p>
      <form className={shared.form} onSubmit={submit} aria-label={t('register.create')}>
        <KindChoice name="link-type" value={kind} onChange={setKind} legend={t('register.linkType')} />
        <SelectField
          name="validity"
          label={t('register.validity')}
          value={validity}
          onChange={setValidity}
          options={VALIDITIES.map((v) => ({ value: v, label: t(`register.validities.${v}`) }))}
        />
        {create.isError ? (
          <FormFailure>{t('register.failed', { reason: failure(create.error) })}</FormFailure>
        ) : null}
        <Button type="submit" busy={create.isPending} disabled={create.isPending}>
          {t('register.create')}
        </Button>
      </form>
      {links.isError ? (
        <LoadFailure error={links.error} onRetry={() => void links.refetch()} />
      ) : !links.data ? (
        <Spinner label={t('register.linksTitle')} />
      ) : links.data.length === 0 ? (
        <p className={shared.lead}>{t('register.noLinks')}</p>
      ) : (
        <ul className={styles.links}>
          {links.data.map((link) => (
            <LinkRow key={link.id} link={link} />
          ))}
        </ul>
      )}
    </section>
  );
}

function LinkRow({ link }: { link: AgentLink }) {
  const { t } = useAgentTexts();
  const failure = useFailureText();
  const remove = useDeleteAgentLink();
  const url = linkUrl(link.code);
  return (
    <li className={styles.link} data-link={link.code}>
      <QrCode value={url} size={QR_SIZE} margin={4} title={t('register.qrTitle', { code: link.code })} />
      <div className={styles.linkBody}>
        <span className={styles.linkUrl}>{url}</span>
        <span className={styles.linkMeta}>
          <span>{t(`register.${link.memberType}`)}</span>
          <span>{t(`register.validities.${link.validity}`)}</span>
          <span>
            {link.expired
              ? t('register.expired')
              : link.expiresAt === null
                ? t('register.never')
                : t('register.expires', { date: formatDateTime(link.expiresAt) })}
          </span>
          <span>{t('register.signups', { count: link.signups })}</span>
        </span>
        <span className={styles.linkActions}>
          <CopyButton
            text={url}
            texts={{
              copy: t('register.copy'),
              copied: t('register.copied'),
              copyLabel: t('register.copyLabel', { code: link.code }),
              copiedLabel: t('register.copiedLabel'),
              copyFailed: t('register.copyFailed'),
            }}
          />
          <Button
            variant="secondary"
            aria-label={t('register.deleteLabel', { code: link.code })}
            busy={remove.isPending}
            disabled={remove.isPending}
            onClick={() => remove.mutate(link.id)}
          >
            {t('register.delete')}
          </Button>
        </span>
        {remove.isError ? (
          <FormFailure>{t('register.failed', { reason: failure(remove.error) })}</FormFailure>
        ) : null}
      </div>
    </li>
  );
}
