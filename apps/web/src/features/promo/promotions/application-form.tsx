import type { PromotionCard } from '@aurum/contract';
import { type FormEvent, useId, useState } from 'react';
import { Button, Modal, ModalTitle } from '../../../components/ui';
import { ImagesField } from '../../../lib/money/images-field';
import type { ProofImage } from '../../../lib/money/proof-image';
import { notify } from '../../../lib/notify/notify';
import { useApplyForPromotion, usePromotionsTexts } from '../../../lib/promotions';
import styles from './promotions.module.css';
import { usePromotionErrorText } from './use-promotion-action';

/** Spec §9: remark at most 140 characters, at most 3 png or jpg images of at most 5 MB. */
export const REMARK_MAX = 140;
export const IMAGES_MAX = 3;

/**
 * The application form of an APPLICATION promotion, in a modal: the remark with its counter,
 * up to three images checked by content and size before anything is sent, previewed and
 * removable.
 */
export function ApplicationModal({ card, onClose }: { card: PromotionCard | null; onClose: () => void }) {
  return (
    <Modal open={card !== null} onClose={onClose} size="md" dataModal="promotion-apply">
      {card ? <ApplicationForm card={card} onDone={onClose} /> : null}
    </Modal>
  );
}

function ApplicationForm({ card, onDone }: { card: PromotionCard; onDone: () => void }) {
  const { t } = usePromotionsTexts();
  const errorText = usePromotionErrorText();
  const apply = useApplyForPromotion();
  const remarkId = useId();
  const [remark, setRemark] = useState('');
  const [images, setImages] = useState<ProofImage[]>([]);
  const [remarkError, setRemarkError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!remark.trim()) {
      setRemarkError(t('form.remarkRequired'));
      return;
    }
    setServerError(null);
    apply.mutate(
      { id: card.id, remark: remark.trim(), images: images.map((i) => i.dataUrl) },
      {
        onSuccess: () => {
          notify(t('result.applied'), 'success');
          onDone();
        },
        onError: (error) => setServerError(errorText(error)),
      },
    );
  };

  const counterId = `${remarkId}-counter`;
  const remarkErrorId = `${remarkId}-error`;
  return (
    <form className={styles.form} onSubmit={submit} noValidate data-promo-form={card.id}>
      <ModalTitle>{t('form.title', { title: card.title })}</ModalTitle>
      <div className={styles.field}>
        <label htmlFor={remarkId} className={styles.label}>
          {t('form.remark')}
        </label>
        <textarea
          id={remarkId}
          name="remark"
          className={styles.textarea}
          value={remark}
          maxLength={REMARK_MAX}
          rows={4}
          placeholder={t('form.remarkHint')}
          aria-describedby={remarkError ? `${counterId} ${remarkErrorId}` : counterId}
          aria-invalid={remarkError ? true : undefined}
          onChange={(e) => {
            setRemark(e.target.value.slice(0, REMARK_MAX));
            setRemarkError(null);
          }}
        />
        <div className={styles.fieldFoot}>
          {remarkError ? (
            <span id={remarkErrorId} className={styles.error} role="alert">
              {remarkError}
            </span>
          ) : (
            <span />
          )}
          <span id={counterId} className={styles.counter} data-counter>
            {t('form.counter', { count: remark.length, max: REMARK_MAX })}
          </span>
        </div>
      </div>
      <ImagesField
        className={styles.field}
        labelClassName={styles.label}
        images={images}
        onChange={setImages}
        max={IMAGES_MAX}
        texts={{
          label: t('form.images'),
          hint: t('form.imagesHint'),
          add: t('form.addImages'),
          preview: (n) => t('form.preview', { n }),
          remove: (n) => t('form.remove', { n }),
          tooMany: t('form.imageCount'),
          problem: (problem, name) =>
            t(problem === 'tooLarge' ? 'form.imageSize' : 'form.imageType', { name }),
        }}
      />
      {serverError ? (
        <p className={styles.error} role="alert">
          {serverError}
        </p>
      ) : null}
      <div className={styles.formActions}>
        <Button type="button" variant="secondary" onClick={onDone}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" busy={apply.isPending}>
          {t('form.submit')}
        </Button>
      </div>
    </form>
  );
}
