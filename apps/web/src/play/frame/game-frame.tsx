/**
 * The frame every game page shares: brand mark and title, the balance, the free-play ribbon,
 * sound (off: the games are silent), theme, the game's info panel, the history strip, toasts and
 * the live region that reads each result out.
 */
import { type ReactNode, useEffect, useState } from 'react';
import { setTheme, useTheme } from '../../lib/theme/theme-store';
import { useTexts } from '../texts';
import { Balance } from './balance';
import styles from './frame.module.css';
import { HistoryStrip } from './history-strip';
import { InfoIcon, MoonIcon, SoundOffIcon, SunIcon } from './icons';
import { InfoDialog } from './info-dialog';
import { usePlay } from './play-context';
import { Toasts } from './toasts';

export interface InfoPanel {
  /** The button's and the dialog's title ("Paytable", "Rules"). */
  label: string;
  content: ReactNode;
}

/** The brand mark and the theme switch, shared with the verifier page. */
export function BrandBar({
  title,
  actions,
  notice,
}: {
  title: string;
  actions?: ReactNode;
  notice?: ReactNode;
}) {
  const texts = useTexts();
  const theme = useTheme();
  useEffect(() => {
    document.title = `${title} · ${__BUILD_BRAND__.name}`;
  }, [title]);
  return (
    // Named by the game: the game's landmarks stay distinct from the site's when the game runs
    // inside the site's game room (/seamless) frame.
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the page's top-level header is its banner landmark, which takes a name
    <header className={styles.header} aria-label={title}>
      {notice}
      <div className={styles.bar}>
        <div className={styles.brand}>
          <img src={__BUILD_BRAND__.mark} alt={__BUILD_BRAND__.name} width="36" height="36" />
          <h1 className={styles.title}>{title}</h1>
        </div>
        <div className={styles.barEnd}>
          {actions}
          <button
            type="button"
            className={styles.iconButton}
            aria-label={theme === 'dark' ? texts.frame.themeToLight : texts.frame.themeToDark}
            onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
          >
            {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
          </button>
        </div>
      </div>
    </header>
  );
}

export function GameFrame(props: { title: string; info?: InfoPanel; children: ReactNode }) {
  const texts = useTexts();
  const { session, announcement } = usePlay();
  const [infoOpen, setInfoOpen] = useState(false);
  return (
    <div className={styles.shell} data-mode={session.mode}>
      <BrandBar
        title={props.title}
        notice={
          session.mode === 'play' ? (
            <p className={styles.ribbon} data-ribbon="free-play">
              {texts.frame.freePlay}
            </p>
          ) : null
        }
        actions={
          <>
            <Balance />
            <span
              className={styles.soundOff}
              role="img"
              aria-label={texts.frame.soundOff}
              title={texts.frame.soundOff}
            >
              <SoundOffIcon />
            </span>
            {props.info ? (
              <button
                type="button"
                className={styles.iconButton}
                aria-label={props.info.label}
                title={props.info.label}
                onClick={() => setInfoOpen(true)}
              >
                <InfoIcon />
              </button>
            ) : null}
          </>
        }
      />
      <main className={styles.main} aria-label={props.title}>
        {props.children}
        <Toasts />
        <div className="visually-hidden" role="status" aria-live="polite" data-live="result">
          {announcement}
        </div>
      </main>
      <HistoryStrip />
      {props.info ? (
        <InfoDialog title={props.info.label} open={infoOpen} onClose={() => setInfoOpen(false)}>
          {props.info.content}
        </InfoDialog>
      ) : null}
    </div>
  );
}
