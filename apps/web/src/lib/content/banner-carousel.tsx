import type { Linkage } from '@aurum/contract';
import { type CSSProperties, type SyntheticEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cx, Icon } from '../../components/ui';
import { imageUrl } from '../cdn';
import { usePrefersReducedMotion } from '../hooks/use-media-query';
import styles from './banner-carousel.module.css';
import { SlideLink } from './slide-link';

/** Spec §9 Banner: loop, 1000 ms slide, 5000 ms autoplay. */
export const SLIDE_SPEED_MS = 1000;
export const AUTOPLAY_DELAY_MS = 5000;

/** A slide whose artwork fails keeps its gradient and text instead of a broken-image icon. */
const hideBroken = (e: SyntheticEvent<HTMLImageElement>) => {
  e.currentTarget.style.visibility = 'hidden';
};

export interface BannerSlide {
  id: string;
  image: string;
  title?: string | null;
  text?: string | null;
  cta?: string | null;
  /** Where the slide leads (spec §3 linkageType); NONE: the slide is not clickable. */
  link: Linkage;
}

interface BannerCarouselProps {
  slides: readonly BannerSlide[];
  label: string;
  /** The banner group (data-banner), w_home on the home page. */
  group?: string;
  /** A lower banner for the pages other than home. */
  compact?: boolean;
  className?: string;
}

/**
 * An accessible carousel (WAI-ARIA carousel pattern). With one slide it is a plain banner. Autoplay
 * keeps going after interaction, pauses while hovered or focused, and can be paused outright.
 */
export function BannerCarousel({
  slides,
  label,
  group = 'w_home',
  compact = false,
  className,
}: BannerCarouselProps) {
  const { t } = useTranslation();
  const reducedMotion = usePrefersReducedMotion();
  const count = slides.length;
  // Position on a track with a clone of the first slide at the end, so the loop runs forward.
  const [position, setPosition] = useState(0);
  const [animate, setAnimate] = useState(true);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const active = count > 0 ? position % count : 0;

  const goTo = useCallback((index: number) => {
    setAnimate(true);
    setPosition(index);
  }, []);

  useEffect(() => {
    if (count < 2 || paused || hovered || focused || reducedMotion) return;
    timer.current = setTimeout(() => goTo(position + 1), AUTOPLAY_DELAY_MS);
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [count, paused, hovered, focused, reducedMotion, position, goTo]);

  // After sliding onto the clone, jump back to the real first slide without animation.
  useEffect(() => {
    if (position !== count || count < 2) return;
    const jump = setTimeout(
      () => {
        setAnimate(false);
        setPosition(0);
      },
      reducedMotion ? 0 : SLIDE_SPEED_MS,
    );
    return () => clearTimeout(jump);
  }, [position, count, reducedMotion]);

  if (count === 0) return null;
  const track = count > 1 ? [...slides, slides[0] as BannerSlide] : slides;
  const style = {
    '--position': position,
    '--speed': animate && !reducedMotion ? `${SLIDE_SPEED_MS}ms` : '0ms',
  } as CSSProperties;

  return (
    <section
      className={cx(styles.carousel, compact && styles.compact, className)}
      aria-roledescription={count > 1 ? 'carousel' : undefined}
      aria-label={label}
      data-banner={group}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className={styles.viewport}>
        <div className={styles.track} style={style} aria-live={paused || count < 2 ? 'polite' : 'off'}>
          {track.map((slide, i) => {
            const clone = i >= count;
            const index = i % count;
            return (
              // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern marks each slide as a group.
              <div
                key={clone ? `${slide.id}-clone` : slide.id}
                className={styles.slide}
                role="group"
                aria-roledescription={count > 1 ? 'slide' : undefined}
                aria-label={
                  count > 1 ? t('home.slideLabel', { current: index + 1, total: count }) : undefined
                }
                aria-hidden={clone || index !== active ? true : undefined}
                inert={clone || index !== active ? true : undefined}
              >
                <img
                  className={styles.image}
                  src={imageUrl(slide.image)}
                  alt=""
                  width={1600}
                  height={500}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : undefined}
                  onError={hideBroken}
                />
                {slide.title || slide.text || slide.link.linkageType !== 'NONE' ? (
                  <div className={styles.copy}>
                    {slide.title ? <p className={styles.title}>{slide.title}</p> : null}
                    {slide.text ? <p className={styles.text}>{slide.text}</p> : null}
                    {/* The link covers the whole slide (a click anywhere on it follows the link). */}
                    <SlideLink link={slide.link} className={cx(styles.cta, !slide.cta && styles.ctaHidden)}>
                      {slide.cta || slide.title || t('home.bannerLabel')}
                      {slide.cta ? <Icon name="chevron-right" size={18} /> : null}
                    </SlideLink>
                  </div>
                ) : null}
              </div>
            );
          })}
        </div>
      </div>
      {count > 1 ? (
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.pause}
            aria-label={paused ? t('home.playSlides') : t('home.pauseSlides')}
            onClick={() => setPaused((p) => !p)}
          >
            <Icon name={paused ? 'play' : 'pause'} size={14} />
          </button>
          <div className={styles.dots}>
            {slides.map((slide, i) => (
              <button
                key={slide.id}
                type="button"
                className={cx(styles.dot, i === active && styles.dotActive)}
                aria-label={t('home.goToSlide', { index: i + 1 })}
                aria-current={i === active ? 'true' : undefined}
                onClick={() => goTo(i)}
              />
            ))}
          </div>
        </div>
      ) : null}
    </section>
  );
}
