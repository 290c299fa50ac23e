import '@fontsource-variable/inter';
import '../styles/tokens.css';
import '../styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerServiceWorker } from '../lib/download/pwa/register';
import { initI18n } from '../lib/i18n';
import { reportAuthErrorFromUrl } from '../lib/session/auth-error';
import { restoreSessionFromUrl } from '../lib/session/session-store';
import { startTheme } from '../lib/theme';
import { App } from './app';

async function boot() {
  startTheme();
  restoreSessionFromUrl();
  await initI18n();
  reportAuthErrorFromUrl();
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element.');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  registerServiceWorker();
}

void boot();
