import { lazy, memo, Suspense, useMemo, useRef } from 'react';
import { imageUrl } from '../../lib/cdn';
import { useAfterFirstPaint } from '../../lib/hooks/use-after-first-paint';
import { useSeen } from '../../lib/hooks/use-seen';
import styles from './qr-code.module.css';

// qrcode.react is fetched, and a code encoded (costly), only once the page has painted and the
// code's box is in view or near it: never in the first render (nor the server's), and not at all
// for a code below the fold nobody scrolls to.
const QRCodeSVG = lazy(() => import('qrcode.react').then((m) => ({ default: m.QRCodeSVG })));

interface QrCodeProps {
  value: string;
  /** Edge of the code in px. */
  size: number;
  /** White quiet zone around the code, in px. */
  margin?: number;
  /** An image (the site logo) placed at the centre. */
  logo?: string;
  /** The spoken description, e.g. "QR code: iOS app download". */
  title: string;
}

/** Codes this far below (or above) the window are drawn ahead, so scrolling never finds one missing. */
const AHEAD = '300px';

/**
 * A QR code in a fixed box, so the page does not shift when the code arrives. Memoised, with its
 * logo settings kept: encoding the code is costly, and its parent re-rendering changes none of it.
 */
export const QrCode = memo(function QrCode({ value, size, margin = 0, logo, title }: QrCodeProps) {
  const ref = useRef<HTMLSpanElement>(null);
  const painted = useAfterFirstPaint();
  const near = useSeen(ref, { rootMargin: AHEAD });
  const box = size + margin * 2;
  const logoSize = Math.round(size * 0.22);
  const imageSettings = useMemo(
    () => (logo ? { src: imageUrl(logo), height: logoSize, width: logoSize, excavate: true } : undefined),
    [logo, logoSize],
  );
  return (
    <span
      ref={ref}
      className={styles.box}
      style={{ width: box, height: box, padding: margin }}
      role="img"
      aria-label={title}
    >
      <Suspense fallback={<span className={styles.placeholder} />}>
        {painted && near ? (
          <QRCodeSVG
            value={value}
            size={size}
            marginSize={0}
            level={logo ? 'H' : 'M'}
            bgColor="#ffffff"
            fgColor="#0b0f19"
            aria-hidden="true"
            imageSettings={imageSettings}
          />
        ) : (
          <span className={styles.placeholder} />
        )}
      </Suspense>
    </span>
  );
});
