import { lazy, Suspense } from 'react';
import { imageUrl } from '../../lib/cdn';
import { useAfterFirstPaint } from '../../lib/hooks/use-after-first-paint';
import styles from './qr-code.module.css';

// qrcode.react is fetched only once the page has painted, so it never delays the first render.
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

/** A QR code in a fixed box, so the page does not shift when the code arrives. */
export function QrCode({ value, size, margin = 0, logo, title }: QrCodeProps) {
  const painted = useAfterFirstPaint();
  const box = size + margin * 2;
  const logoSize = Math.round(size * 0.22);
  return (
    <span
      className={styles.box}
      style={{ width: box, height: box, padding: margin }}
      role="img"
      aria-label={title}
    >
      <Suspense fallback={<span className={styles.placeholder} />}>
        {painted ? (
          <QRCodeSVG
            value={value}
            size={size}
            marginSize={0}
            level={logo ? 'H' : 'M'}
            bgColor="#ffffff"
            fgColor="#0b0f19"
            aria-hidden="true"
            imageSettings={
              logo ? { src: imageUrl(logo), height: logoSize, width: logoSize, excavate: true } : undefined
            }
          />
        ) : (
          <span className={styles.placeholder} />
        )}
      </Suspense>
    </span>
  );
}
