import '@fontsource-variable/inter';
import '../styles/tokens.css';
import '../styles/base.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { registerServiceWorker } from '../lib/download/pwa/register';
import { initI18n } from '../lib/i18n';
import { releasePrerender } from '../lib/prerender';
import { reportAuthErrorFromUrl } from '../lib/session/auth-error';
import { restoreSessionFromUrl } from '../lib/session/session-store';
import { startTheme } from '../lib/theme';
import { App } from './app';

async function boot() {
  startTheme();
  restoreSessionFromUrl();
  await initI18n();
  reportAuthErrorFromUrl();
  // The prerendered home page is in another language than the visitor's stored choice
  // (theme-init.js hid it): the app renders in the boot loader's place as without one.
  if (document.documentElement.dataset.prerender === 'stale') releasePrerender();
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element.');
  // A transition: React renders the app in short slices and lets the browser in between (the
  // page shown meanwhile, the prerendered home page or the boot loader, stays responsive).
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
  registerServiceWorker();
}

void boot();
