import { type CSSProperties, useRef, useState } from 'react';
import { imageUrl } from '../../lib/cdn';
import { useSeen } from '../../lib/hooks/use-seen';
import { cx } from './cx';
import styles from './img.module.css';

/** Spec §9: images load lazily at 10 % visibility, one attempt, then the fallback. */
export const LAZY_THRESHOLD = 0.1;

export const FALLBACK_IMAGES = {
  game: '/media/fallback/game.svg',
  avatar: '/media/fallback/avatar.svg',
} as const;

interface ImgProps {
  src: string;
  /** Empty for decorative images. */
  alt: string;
  /** Width / height of the box, reserved before the image arrives so nothing shifts. */
  ratio: number;
  /** What to show if the image fails: a fallback image, or null to leave the box empty. */
  fallback?: keyof typeof FALLBACK_IMAGES | null;
  lazy?: boolean;
  fit?: 'cover' | 'contain';
  className?: string;
  imgClassName?: string;
}

export function Img({
  src,
  alt,
  ratio,
  fallback = 'game',
  lazy = true,
  fit = 'cover',
  className,
  imgClassName,
}: ImgProps) {
  const box = useRef<HTMLSpanElement>(null);
  const visible = useSeen(box, { threshold: LAZY_THRESHOLD, enabled: lazy });
  // The src that failed to load (one attempt); a new src gets its own attempt.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = failedSrc === src;

  const shown = failed && fallback ? FALLBACK_IMAGES[fallback] : src;
  const hidden = failed && !fallback;
  return (
    <span ref={box} className={cx(styles.box, className)} style={{ '--ratio': ratio } as CSSProperties}>
      {visible && !hidden ? (
        <img
          src={imageUrl(shown)}
          alt={alt}
          className={cx(styles.img, fit === 'contain' && styles.contain, imgClassName)}
          decoding="async"
          onError={failed ? undefined : () => setFailedSrc(src)}
        />
      ) : null}
    </span>
  );
}
