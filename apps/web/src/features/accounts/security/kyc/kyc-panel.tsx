import type { KycIdType, KycInfo } from '@aurum/contract';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Icon, Spinner } from '../../../../components/ui';
import { FormFailure } from '../../../../components/ui/form';
import fieldStyles from '../../../../components/ui/form/fields.module.css';
import { accountErrorText } from '../../../../lib/account/errors';
import { useKycInfo, useSubmitKyc } from '../../../../lib/account/kyc';
import { useAccountTexts } from '../../../../lib/account/texts';
import { KYC_ID_TYPES, KYC_IMAGE_MAX_BYTES } from '../../../../lib/contract';
import { formatDateTime } from '../../../../lib/format/date';
import { formatWireMoney } from '../../../../lib/format/money';
import { ImagesField } from '../../../../lib/money/images-field';
import type { ProofImage } from '../../../../lib/money/proof-image';
import { notify } from '../../../../lib/notify/notify';
import { useBrand } from '../../../../lib/site';
import styles from './kyc.module.css';

/**
 * The security centre's identity verification (docs/kyc.md): where it stands (not verified, under
 * review, verified, not accepted with the reason), the amount above which withdrawals need it, and
 * the form that sends an identity document and a proof of address.
 */
export function KycPanel() {
  const { t } = useAccountTexts();
  const info = useKycInfo();
  const [sending, setSending] = useState(false);
  if (!info.data) return <Spinner label={t('kyc.title')} />;
  const data = info.data;
  const canSend = data.status === 'none' || data.status === 'rejected';
  return (
    <div className={styles.panel} data-kyc={data.status}>
      <p className={styles.muted}>{t('kyc.lead')}</p>
      <Standing info={data} />
      {canSend && (sending || data.status === 'none') ? (
        <KycForm onSent={() => setSending(false)} />
      ) : canSend ? (
        <div>
          <Button variant="secondary" onClick={() => setSending(true)} data-action="kyc-send-again">
            {t('kyc.sendAgain')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function Standing({ info }: { info: KycInfo }) {
  const { t } = useAccountTexts();
  const brand = useBrand();
  const line = {
    none: t('kyc.statusNone'),
    pending: t('kyc.statusPending', { date: formatDateTime(info.submittedAt ?? 0) }),
    verified: t('kyc.statusVerified', { date: formatDateTime(info.reviewedAt ?? 0) }),
    rejected: t('kyc.statusRejected', { reason: info.rejectReason ?? '' }),
  }[info.status];
  const icon = info.status === 'verified' ? 'check' : info.status === 'rejected' ? 'alert' : 'lock';
  return (
    <>
      <p className={styles.status} data-status={info.status}>
        <Icon name={icon} size={18} />
        {line}
      </p>
      {info.requiredAbove !== null && info.status !== 'verified' ? (
        <p className={styles.muted}>
          {t('kyc.requiredAbove', { amount: formatWireMoney(info.requiredAbove, brand.currencySymbol) })}
        </p>
      ) : null}
    </>
  );
}

function KycForm({ onSent }: { onSent: () => void }) {
  const { t: tc } = useTranslation();
  const { t } = useAccountTexts();
  const submit = useSubmitKyc();
  const id = useId();
  const [idType, setIdType] = useState<KycIdType>('passport');
  const [identity, setIdentity] = useState<ProofImage[]>([]);
  const [address, setAddress] = useState<ProofImage[]>([]);
  const [failure, setFailure] = useState<string | null>(null);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const [identityImage] = identity;
    const [addressImage] = address;
    if (!identityImage || !addressImage) {
      setFailure(t('kyc.missing'));
      return;
    }
    setFailure(null);
    try {
      await submit.mutateAsync({
        idType,
        identityImage: identityImage.dataUrl,
        addressImage: addressImage.dataUrl,
      });
      notify(t('kyc.sent'), 'success');
      onSent();
    } catch (error) {
      setFailure(accountErrorText(t, tc, error));
    }
  };

  const imageTexts = (hint: string, label: string) => ({
    label,
    hint,
    add: t('kyc.add'),
    preview: (n: number) => t('kyc.preview', { n }),
    remove: (n: number) => t('kyc.remove', { n }),
    tooMany: t('kyc.tooMany'),
    problem: (problem: 'tooLarge' | 'wrongType' | 'unreadable', name: string) =>
      t(`kyc.problems.${problem}`, { name }),
  });

  return (
    <form className={styles.form} onSubmit={send} noValidate data-form="kyc">
      <fieldset className={styles.types}>
        <legend className={fieldStyles.label}>{t('kyc.idType')}</legend>
        {KYC_ID_TYPES.map((type) => (
          <label key={type} className={styles.type} data-checked={idType === type || undefined}>
            <input
              type="radio"
              name={`${id}-type`}
              value={type}
              checked={idType === type}
              onChange={() => setIdType(type)}
            />
            {t(`kyc.idTypes.${type}`)}
          </label>
        ))}
      </fieldset>
      <ImagesField
        className={fieldStyles.field}
        labelClassName={fieldStyles.label}
        images={identity}
        onChange={setIdentity}
        max={1}
        maxBytes={KYC_IMAGE_MAX_BYTES}
        texts={imageTexts(t('kyc.identityHint'), t('kyc.identity'))}
      />
      <ImagesField
        className={fieldStyles.field}
        labelClassName={fieldStyles.label}
        images={address}
        onChange={setAddress}
        max={1}
        maxBytes={KYC_IMAGE_MAX_BYTES}
        texts={imageTexts(t('kyc.addressHint'), t('kyc.address'))}
      />
      <FormFailure>{failure}</FormFailure>
      <div>
        <Button type="submit" busy={submit.isPending} data-action="kyc-submit">
          {t('kyc.submit')}
        </Button>
      </div>
    </form>
  );
}
