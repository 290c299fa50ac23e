import { type CSSProperties, type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { cx, Icon } from '../../../components/ui';
import { imageUrl } from '../../../lib/cdn';
import { useDownloadTexts } from '../../../lib/download/texts';
import { clampIndex, hasControls, keyTarget, swipeTarget } from './slider';
import styles from './step-slider.module.css';

export interface Step {
  image: string;
  caption: string;
}

interface StepSliderProps {
  steps: readonly Step[];
  /** Accessible name of the carousel, e.g. "iPhone (iOS) installation steps". */
  label: string;
  /** Marks the slider for tests and styling, e.g. "ios". */
  name: string;
}

/**
 * One step per view (WAI-ARIA carousel pattern, no autoplay): swipe on touch, arrow keys, Home and
 * End; pagination and previous/next arrows only with more than one image. Mount it with a key per
 * tab so a tab switch starts again at the first step.
 */
export function StepSlider({ steps, label, name }: StepSliderProps) {
  const { t } = useDownloadTexts();
  const count = steps.length;
  const [index, setIndex] = useState(0);
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const active = clampIndex(index, count);
  const controls = hasControls(count);
  const goTo = (next: number) => setIndex(clampIndex(next, count));

  const onKeyDown = (e: KeyboardEvent) => {
    const next = keyTarget(e.key, active, count);
    if (next === null) return;
    e.preventDefault();
    goTo(next);
  };
  const onPointerDown = (e: PointerEvent) => {
    if (e.pointerType === 'mouse') return;
    start.current = { x: e.clientX, y: e.clientY, id: e.pointerId };
  };
  const onPointerUp = (e: PointerEvent) => {
    const from = start.current;
    start.current = null;
    if (!from || from.id !== e.pointerId) return;
    const width = viewport.current?.clientWidth ?? 0;
    goTo(swipeTarget(e.clientX - from.x, e.clientY - from.y, width, active, count));
  };

  return (
    <section
      className={styles.slider}
      aria-roledescription={controls ? 'carousel' : undefined}
      aria-label={label}
      data-steps={name}
      data-count={count}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the carousel viewport takes focus so the arrow keys (and touch swipes) move the steps; the buttons below do the same. */}
      <div
        ref={viewport}
        className={styles.viewport}
        tabIndex={controls ? 0 : undefined}
        onKeyDown={controls ? onKeyDown : undefined}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          start.current = null;
        }}
      >
        <div className={styles.track} style={{ '--index': active } as CSSProperties} aria-live="polite">
          {steps.map((step, i) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern marks each slide as a group.
            <div
              key={step.image}
              className={styles.slide}
              role="group"
              aria-roledescription={controls ? 'slide' : undefined}
              aria-label={t('guide.slide', { current: i + 1, total: count })}
              aria-hidden={i !== active ? true : undefined}
              inert={i !== active ? true : undefined}
              data-slide={i + 1}
              data-active={i === active}
            >
              <img
                className={styles.image}
                src={imageUrl(step.image)}
                alt=""
                width={300}
                height={560}
                loading={i === 0 ? 'eager' : 'lazy'}
                draggable={false}
              />
              <p className={styles.caption}>
                <span className={styles.number} aria-hidden="true">
                  {i + 1}
                </span>
                {step.caption}
              </p>
            </div>
          ))}
        </div>
      </div>
      {controls ? (
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.arrow}
            aria-label={t('guide.prev')}
            disabled={active === 0}
            onClick={() => goTo(active - 1)}
            data-arrow="prev"
          >
            <Icon name="chevron-left" size={20} />
          </button>
          <div className={styles.dots} data-pagination="true">
            {steps.map((step, i) => (
              <button
                key={step.image}
                type="button"
                className={cx(styles.dot, i === active && styles.dotActive)}
                aria-label={t('guide.goTo', { index: i + 1 })}
                aria-current={i === active ? 'step' : undefined}
                onClick={() => goTo(i)}
              />
            ))}
          </div>
          <button
            type="button"
            className={styles.arrow}
            aria-label={t('guide.next')}
            disabled={active === count - 1}
            onClick={() => goTo(active + 1)}
            data-arrow="next"
          >
            <Icon name="chevron-right" size={20} />
          </button>
        </div>
      ) : null}
    </section>
  );
}
