import { useId, useRef, useState } from 'react';
import { Button, Icon } from '../../../components/ui';
import { describedBy, FieldLabel, FieldMessages } from '../../../components/ui/form';
import fieldStyles from '../../../components/ui/form/fields.module.css';
import { GLYPHS } from '../../../lib/money/glyphs';
import {
  PROOF_IMAGE_ACCEPT,
  type ProofImage,
  type ProofImageProblem,
  readProofImage,
} from '../../../lib/money/proof-image';
import { useCashierTexts } from '../../../lib/money/texts';
import styles from '../cashier.module.css';

interface ProofFieldProps {
  name?: string;
  label: string;
  value: ProofImage | null;
  onChange: (image: ProofImage | null) => void;
  optional?: boolean;
  /** A problem found by the form (e.g. required and missing). */
  error?: string | undefined;
}

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * A proof image: png or jpg of at most 5 MB, checked here before anything is sent (by content,
 * like the server), previewed, and removable.
 */
export function ProofField({
  name = 'proofImage',
  label,
  value,
  onChange,
  optional,
  error,
}: ProofFieldProps) {
  const { t } = useCashierTexts();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<ProofImageProblem | null>(null);
  const [reading, setReading] = useState(false);
  const shownError = problem ? t(`proof.${problem}`) : error;

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setReading(true);
    const result = await readProofImage(file);
    setReading(false);
    if ('problem' in result) {
      setProblem(result.problem);
      onChange(null);
      // The same file chosen again after fixing nothing still reports, rather than staying silent.
      if (input.current) input.current.value = '';
      return;
    }
    setProblem(null);
    onChange(result.image);
  };

  const remove = () => {
    onChange(null);
    setProblem(null);
    if (input.current) {
      input.current.value = '';
      input.current.focus();
    }
  };

  return (
    <div className={fieldStyles.field} data-field={name}>
      <FieldLabel htmlFor={id} label={label} optional={optional} />
      <div className={styles.proof}>
        <input
          ref={input}
          id={id}
          name={name}
          type="file"
          accept={PROOF_IMAGE_ACCEPT}
          className={styles.fileInput}
          required={!optional}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={describedBy(id, shownError, t('proof.hint'))}
          aria-busy={reading || undefined}
          onChange={(e) => void choose(e.target.files?.[0])}
        />
        {value ? (
          <div className={styles.preview} data-proof="chosen">
            <img src={value.dataUrl} alt={t('proof.preview')} className={styles.previewImage} />
            <span className={styles.previewText}>
              <Icon path={GLYPHS.upload} size={16} />
              <span className={styles.previewName}>{value.name || t('proof.preview')}</span>
              <span className={styles.muted}>{sizeText(value.bytes)}</span>
            </span>
            <Button variant="ghost" size="sm" onClick={remove} data-action="remove-proof">
              {t('proof.remove')}
            </Button>
          </div>
        ) : null}
      </div>
      <FieldMessages id={id} error={shownError} hint={t('proof.hint')} />
    </div>
  );
}
