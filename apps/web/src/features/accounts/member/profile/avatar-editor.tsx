import type { Avatar } from '@aurum/contract';
import { type KeyboardEvent, type PointerEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui';
import { AVATAR_FALLBACK } from '../../../../lib/account/avatar';
import { accountErrorText } from '../../../../lib/account/errors';
import { useAccountTexts } from '../../../../lib/account/texts';
import { notify } from '../../../../lib/notify/notify';
import { useSaveAvatar } from './api';
import styles from './profile.module.css';

/** The square the crop shows (css px) and the side of the picture sent to the server. */
const VIEW = 240;
const OUTPUT = 512;
const MAX_ZOOM = 4;

export const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** png or jpg by its first bytes, as the server checks it (a name or a type can lie). */
export async function pictureKind(file: Blob): Promise<'image/png' | 'image/jpeg' | null> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= 8 && png.every((b, i) => head[i] === b)) return 'image/png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  return null;
}

interface Crop {
  image: HTMLImageElement;
  mime: 'image/png' | 'image/jpeg';
  url: string;
  zoom: number;
  /** The picture's centre offset from the square's centre, in view px. */
  x: number;
  y: number;
}

/** The scale that makes the picture cover the square at zoom 1. */
const coverScale = (img: HTMLImageElement, side: number) =>
  Math.max(side / img.naturalWidth, side / img.naturalHeight);

/** Keeps the picture covering the square: the offset may not show an empty edge. */
function clamp(c: Crop): Crop {
  const scale = coverScale(c.image, VIEW) * c.zoom;
  const maxX = Math.max(0, (c.image.naturalWidth * scale - VIEW) / 2);
  const maxY = Math.max(0, (c.image.naturalHeight * scale - VIEW) / 2);
  return { ...c, x: Math.min(maxX, Math.max(-maxX, c.x)), y: Math.min(maxY, Math.max(-maxY, c.y)) };
}

/** Draws the cropped square of the picture on a canvas of `side` px. */
function draw(canvas: HTMLCanvasElement, c: Crop, side: number) {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const k = side / VIEW;
  const scale = coverScale(c.image, VIEW) * c.zoom * k;
  const w = c.image.naturalWidth * scale;
  const h = c.image.naturalHeight * scale;
  ctx.clearRect(0, 0, side, side);
  ctx.drawImage(c.image, side / 2 - w / 2 + c.x * k, side / 2 - h / 2 + c.y * k, w, h);
}

/**
 * The avatar (PROFPIC3): the current picture (the error image when it fails, spec §10), a file
 * chosen and checked here (png or jpg by content, the merchant's size limit), cropped square on a
 * canvas (drag or arrow keys, zoom), then sent; the server checks, decodes and resizes it again.
 */
export function AvatarEditor({ avatar, maxBytes }: { avatar: Avatar | null; maxBytes: number }) {
  const { t: tc } = useTranslation();
  const { t } = useAccountTexts();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);
  const [crop, setCrop] = useState<Crop | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveAvatar();
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const src = avatar && failedSrc !== avatar.url ? avatar.url : AVATAR_FALLBACK;

  useEffect(() => {
    if (crop && canvas.current) draw(canvas.current, crop, VIEW);
  }, [crop]);
  // The chosen file's object URL lives as long as its crop.
  const objectUrl = useRef<string | null>(null);
  const keepUrl = (url: string | null) => {
    if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    objectUrl.current = url;
  };
  useEffect(
    () => () => {
      if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    },
    [],
  );

  const reset = () => {
    keepUrl(null);
    setCrop(null);
    if (input.current) input.current.value = '';
  };

  const choose = async (file: File | undefined) => {
    setProblem(null);
    if (!file) return;
    const mime = await pictureKind(file);
    if (!mime) {
      setProblem(t('profile.notPicture'));
      reset();
      return;
    }
    if (file.size > maxBytes) {
      setProblem(t('profile.tooLarge', { size: sizeText(maxBytes) }));
      reset();
      return;
    }
    const url = URL.createObjectURL(file);
    keepUrl(url);
    const image = new Image();
    image.onload = () => setCrop(clamp({ image, mime, url, zoom: 1, x: 0, y: 0 }));
    image.onerror = () => {
      setProblem(t('profile.notPicture'));
      reset();
    };
    image.src = url;
  };

  const upload = async () => {
    if (!crop) return;
    const out = document.createElement('canvas');
    out.width = OUTPUT;
    out.height = OUTPUT;
    draw(out, crop, OUTPUT);
    const dataUrl = out.toDataURL(crop.mime, 0.9);
    if ((dataUrl.length - dataUrl.indexOf(',') - 1) * 0.75 > maxBytes) {
      setProblem(t('profile.tooLarge', { size: sizeText(maxBytes) }));
      return;
    }
    try {
      await save.mutateAsync(dataUrl);
    } catch (error) {
      setProblem(accountErrorText(t, tc, error));
      return;
    }
    reset();
    notify(t('profile.avatarSaved'), 'success');
  };

  const remove = async () => {
    try {
      await save.mutateAsync(null);
    } catch (error) {
      setProblem(accountErrorText(t, tc, error));
      return;
    }
    notify(t('profile.avatarRemoved'), 'success');
  };

  const move = (dx: number, dy: number) =>
    setCrop((c) => (c ? clamp({ ...c, x: c.x + dx, y: c.y + dy }) : c));
  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY };
  };
  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!drag.current) return;
    move(e.clientX - drag.current.x, e.clientY - drag.current.y);
    drag.current = { x: e.clientX, y: e.clientY };
  };
  const onKeyDown = (e: KeyboardEvent<HTMLCanvasElement>) => {
    const step = e.shiftKey ? 20 : 5;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const m = moves[e.key];
    if (!m) return;
    e.preventDefault();
    move(m[0], m[1]);
  };

  return (
    <div className={styles.avatarBlock} data-avatar-editor="true">
      <img
        className={styles.avatar}
        src={src}
        alt={t('profile.avatarAlt')}
        width={96}
        height={96}
        onError={() => avatar && setFailedSrc(avatar.url)}
        data-avatar={avatar && src === avatar.url ? 'own' : 'fallback'}
      />
      <div className={styles.avatarActions}>
        <label htmlFor={id} className={styles.fileLabel}>
          {t('profile.choose')}
        </label>
        <input
          ref={input}
          id={id}
          type="file"
          accept="image/png,image/jpeg"
          className={styles.fileInput}
          aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
          aria-invalid={problem ? true : undefined}
          onChange={(e) => void choose(e.target.files?.[0])}
          data-field="avatar"
        />
        <p id={`${id}-hint`} className={styles.hint}>
          {t('profile.avatarHint', { size: sizeText(maxBytes) })}
        </p>
        {problem ? (
          <p id={`${id}-error`} className={styles.error} role="alert">
            {problem}
          </p>
        ) : null}
        {avatar && !crop ? (
          <Button variant="ghost" size="sm" onClick={() => void remove()} disabled={save.isPending}>
            {t('profile.remove')}
          </Button>
        ) : null}
      </div>
      {crop ? (
        <fieldset className={styles.crop} data-avatar-crop="true">
          <legend className={styles.cropTitle}>{t('profile.cropTitle')}</legend>
          <p id={`${id}-crop-hint`} className={styles.hint}>
            {t('profile.cropHint')}
          </p>
          <canvas
            ref={canvas}
            width={VIEW}
            height={VIEW}
            className={styles.cropCanvas}
            tabIndex={0}
            role="img"
            aria-label={t('profile.cropTitle')}
            aria-describedby={`${id}-crop-hint`}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={() => {
              drag.current = null;
            }}
            onKeyDown={onKeyDown}
          />
          <label className={styles.zoom}>
            {t('profile.zoom')}
            <input
              type="range"
              min={1}
              max={MAX_ZOOM}
              step={0.05}
              value={crop.zoom}
              onChange={(e) => setCrop((c) => (c ? clamp({ ...c, zoom: Number(e.target.value) }) : c))}
            />
          </label>
          <div className={styles.cropActions}>
            <Button
              onClick={() => void upload()}
              busy={save.isPending}
              disabled={save.isPending}
              data-action="use-crop"
            >
              {t('profile.useCrop')}
            </Button>
            <Button variant="secondary" onClick={reset} disabled={save.isPending}>
              {t('profile.cancel')}
            </Button>
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}
