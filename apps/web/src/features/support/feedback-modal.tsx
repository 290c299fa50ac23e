import type { FeedbackType } from '@aurum/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ModalBodyProps, ModalTitle, Spinner, TabPanel, Tabs } from '../../components/ui';
import { describedBy, FieldLabel, FieldMessages, FormFailure } from '../../components/ui/form';
import fieldStyles from '../../components/ui/form/fields.module.css';
import { TrialBlock } from '../../lib/account/trial-block';
import { apiCall } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { SelectField } from '../../lib/money/fields';
import { ImagesField } from '../../lib/money/images-field';
import type { ProofImage } from '../../lib/money/proof-image';
import { notify } from '../../lib/notify/notify';
import { PagedResults } from '../../lib/paging/paged-results';
import { useSession } from '../../lib/session/session-store';
import {
  FEEDBACK_PAGE_SIZE,
  FEEDBACK_TYPES,
  supportKeys,
  useFeedbackList,
  useFeedbackSettings,
} from '../../lib/support/api';
import { supportErrorText } from '../../lib/support/errors';
import { useSupportTexts } from '../../lib/support/texts';
import styles from './support.module.css';

type Tab = 'new' | 'mine';

/** Spec §2 Modals, §3 Feedback: question type, a described problem within the merchant's bounds, images, and my feedback with answers. */
export default function FeedbackModal({ close }: ModalBodyProps<'feedback'>) {
  const { t } = useSupportTexts();
  const { isTrial } = useSession();
  const idBase = useId();
  const [tab, setTab] = useState<Tab>('new');
  if (isTrial) {
    return (
      <>
        <ModalTitle>{t('feedback.title')}</ModalTitle>
        <TrialBlock close={close} />
      </>
    );
  }
  return (
    <div className={styles.stack} data-feedback="true">
      <ModalTitle>{t('feedback.title')}</ModalTitle>
      <Tabs
        label={t('feedback.title')}
        idBase={idBase}
        value={tab}
        onChange={setTab}
        items={[
          { value: 'new', label: t('feedback.tabNew') },
          { value: 'mine', label: t('feedback.tabMine') },
        ]}
      />
      <TabPanel idBase={idBase} value={tab}>
        {tab === 'new' ? <FeedbackForm onSent={() => setTab('mine')} /> : <MyFeedback />}
      </TabPanel>
    </div>
  );
}

function FeedbackForm({ onSent }: { onSent: () => void }) {
  const { t } = useSupportTexts();
  const { t: tc } = useTranslation();
  const settings = useFeedbackSettings();
  const queryClient = useQueryClient();
  const contentId = useId();
  const [type, setType] = useState<FeedbackType>('deposit');
  const [content, setContent] = useState('');
  const [images, setImages] = useState<ProofImage[]>([]);
  const [touched, setTouched] = useState(false);
  const send = useMutation({
    mutationFn: () =>
      apiCall('feedbackSubmit', {
        body: { type, content: content.trim(), images: images.map((i) => i.dataUrl) },
      }),
    onSuccess: () => {
      notify(t('feedback.sent'), 'success');
      setContent('');
      setImages([]);
      setTouched(false);
      void queryClient.invalidateQueries({ queryKey: supportKeys.feedbackList });
      onSent();
    },
  });
  const s = settings.data;
  if (!s) {
    return settings.isError ? (
      <FormFailure>{supportErrorText(t, tc, settings.error)}</FormFailure>
    ) : (
      <Spinner label={t('feedback.title')} />
    );
  }
  const length = [...content.trim()].length;
  const contentProblem =
    length < s.minLength
      ? t('feedback.tooShort', { min: s.minLength })
      : length > s.maxLength
        ? t('feedback.tooLong', { max: s.maxLength })
        : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (contentProblem) {
      document.getElementById(contentId)?.focus();
      return;
    }
    send.mutate();
  };
  const shownProblem = touched ? contentProblem : undefined;
  const hint = t('feedback.bounds', { min: s.minLength, max: s.maxLength });
  return (
    <form className={styles.form} onSubmit={submit} noValidate data-feedback-form="true">
      <SelectField
        name="type"
        label={t('feedback.type')}
        value={type}
        onChange={setType}
        options={FEEDBACK_TYPES.map((v) => ({ value: v, label: t(`feedback.types.${v}`) }))}
      />
      <div className={fieldStyles.field} data-field="content">
        <FieldLabel htmlFor={contentId} label={t('feedback.content')} />
        <textarea
          id={contentId}
          name="content"
          className={`${fieldStyles.input} ${styles.textarea}`}
          rows={5}
          value={content}
          maxLength={s.maxLength + 50}
          aria-invalid={shownProblem ? true : undefined}
          aria-describedby={describedBy(contentId, shownProblem, hint)}
          onChange={(e) => setContent(e.target.value)}
          onBlur={() => setTouched(true)}
        />
        <div className={styles.counterRow}>
          <FieldMessages id={contentId} error={shownProblem} hint={hint} />
          <span className={styles.counter} aria-hidden="true" data-over={length > s.maxLength || undefined}>
            {t('feedback.counter', { count: length, max: s.maxLength })}
          </span>
        </div>
      </div>
      {s.maxImages > 0 ? (
        <ImagesField
          className={fieldStyles.field}
          labelClassName={fieldStyles.label}
          images={images}
          onChange={setImages}
          max={s.maxImages}
          texts={{
            label: t('feedback.images'),
            hint: t('feedback.imagesHint', { max: s.maxImages }),
            add: t('feedback.addImage'),
            preview: (n) => t('feedback.preview', { n }),
            remove: (n) => t('feedback.removeImage', { n }),
            tooMany: t('feedback.problem.tooMany', { max: s.maxImages }),
            problem: (problem) => t(`feedback.problem.${problem}`),
          }}
        />
      ) : null}
      <FormFailure>{send.isError ? supportErrorText(t, tc, send.error) : null}</FormFailure>
      <Button type="submit" busy={send.isPending} block data-action="send-feedback">
        {t('feedback.submit')}
      </Button>
    </form>
  );
}

function MyFeedback() {
  const { t } = useSupportTexts();
  const [page, setPage] = useState(1);
  const query = useFeedbackList(page);
  return (
    <PagedResults
      query={query}
      active
      as="div"
      pageSize={FEEDBACK_PAGE_SIZE}
      onPage={setPage}
      emptyIcon="mail"
      texts={{
        summary: (r) => t('feedback.summary', r),
        loading: t('feedback.loading'),
        emptyTitle: t('feedback.emptyTitle'),
        emptyText: t('feedback.emptyText'),
        pages: t('feedback.pages'),
      }}
    >
      {(rows) => (
        <ul className={styles.list} data-feedback-list="true">
          {rows.map((f) => (
            <li key={f.id} className={styles.card} data-feedback-id={f.id} data-status={f.status}>
              <div className={styles.cardHead}>
                <strong>{t(`feedback.types.${f.type}`)}</strong>
                <span className={f.status === 'ANSWERED' ? styles.answered : styles.open}>
                  {t(`feedback.status.${f.status}`)}
                </span>
              </div>
              <p className={styles.meta}>
                <time dateTime={new Date(f.createdAt).toISOString()}>{formatDateTime(f.createdAt)}</time>
                {f.images > 0 ? <span> · {t('feedback.imageCount', { count: f.images })}</span> : null}
              </p>
              <p className={styles.text}>{f.content}</p>
              {f.answer ? (
                <div className={styles.answer}>
                  <strong>{t('feedback.answer')}</strong>
                  <p className={styles.text}>{f.answer}</p>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </PagedResults>
  );
}
