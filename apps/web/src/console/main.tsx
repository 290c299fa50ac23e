import './console.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startTheme } from '../lib/theme/theme-store';
import { ConsoleApp } from './console-app';

startTheme();
const root = document.getElementById('root');
if (!root) throw new Error('console.html has no #root element.');
createRoot(root).render(
  <StrictMode>
    <ConsoleApp />
  </StrictMode>,
);
