import './play.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startTheme } from '../lib/theme/theme-store';
import { PlayApp } from './play-app';
import { pageOf } from './route';

startTheme();
const root = document.getElementById('root');
if (!root) throw new Error('play.html has no #root element.');
createRoot(root).render(
  <StrictMode>
    <PlayApp page={pageOf(window.location.pathname)} />
  </StrictMode>,
);
