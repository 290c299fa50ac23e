import { useId, useRef, useState } from 'react';
import { Icon } from '../../components/ui';
import styles from './money.module.css';
import { PROOF_IMAGE_ACCEPT, type ProofImage, type ProofImageProblem, readProofImage } from './proof-image';

export interface ImagesFieldTexts {
  label: string;
  /** Type, size and count limits, shown under the label. */
  hint: string;
  /** The add tile ("Add images"). */
  add: string;
  preview: (n: number) => string;
  remove: (n: number) => string;
  /** More files than may be attached. */
  tooMany: string;
  problem: (problem: ProofImageProblem, fileName: string) => string;
}

interface ImagesFieldProps {
  images: ProofImage[];
  onChange: (images: ProofImage[]) => void;
  max: number;
  /** The largest file taken (the proof image's 5 MB unless the call takes less). */
  maxBytes?: number;
  texts: ImagesFieldTexts;
  className?: string;
  labelClassName?: string;
}

/**
 * Up to `max` png or jpg images, each checked by its content and size before anything is sent
 * (readProofImage), previewed and removable; a file that fails says why and the others still come in.
 * One way for every form that takes images (promotion applications, feedback).
 */
export function ImagesField({
  images,
  onChange,
  max,
  maxBytes,
  texts,
  className,
  labelClassName,
}: ImagesFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const keys = useRef(new WeakMap<ProofImage, number>());
  const nextKey = useRef(0);
  const [problems, setProblems] = useState<string[]>([]);
  const keyOf = (image: ProofImage) => {
    let key = keys.current.get(image);
    if (key === undefined) {
      nextKey.current += 1;
      key = nextKey.current;
      keys.current.set(image, key);
    }
    return key;
  };

  const choose = async (files: FileList | null) => {
    if (!files?.length) return;
    const found: string[] = [];
    const next = [...images];
    for (const file of Array.from(files)) {
      if (next.length >= max) {
        found.push(texts.tooMany);
        break;
      }
      const result = await readProofImage(file, maxBytes);
      if ('image' in result) next.push(result.image);
      else found.push(texts.problem(result.problem, file.name));
    }
    onChange(next);
    setProblems(found);
  };

  const remove = (index: number) => {
    onChange(images.filter((_, i) => i !== index));
    setProblems([]);
  };

  return (
    <div className={className} data-field="images">
      <span className={labelClassName} id={`${id}-label`}>
        {texts.label}
      </span>
      <p className={styles.imagesHint} id={`${id}-hint`}>
        {texts.hint}
      </p>
      <ul className={styles.imagePreviews} aria-labelledby={`${id}-label`}>
        {images.map((image, index) => (
          <li key={keyOf(image)} className={styles.imagePreview}>
            <img src={image.dataUrl} alt={texts.preview(index + 1)} width={88} height={88} />
            <button
              type="button"
              className={styles.imageRemove}
              aria-label={texts.remove(index + 1)}
              onClick={() => remove(index)}
            >
              <Icon name="close" size={16} />
            </button>
          </li>
        ))}
        {images.length < max ? (
          <li>
            <input
              ref={input}
              id={id}
              type="file"
              accept={PROOF_IMAGE_ACCEPT}
              multiple={max > 1}
              className={styles.imageInput}
              aria-describedby={`${id}-hint`}
              onChange={(e) => {
                void choose(e.target.files);
                e.target.value = '';
              }}
            />
            <label htmlFor={id} className={styles.imageAdd}>
              <Icon name="download" size={20} />
              <span>
                {texts.add} ({images.length}/{max})
              </span>
            </label>
          </li>
        ) : null}
      </ul>
      {problems.map((p) => (
        <p key={p} className={styles.imagesError} role="alert">
          {p}
        </p>
      ))}
    </div>
  );
}
