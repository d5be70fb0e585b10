import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// antd's styles made at build time (build/antd-static-css.ts), before the house styles that adjust them
import 'virtual:antd-static.css';
import { App } from './shell/app';
import './shell/shell.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
