import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { stylesReady } from './motion-sheet';
import './shell.css';

// antd reads which styles the build's stylesheets hold when it first draws: after they have loaded
void stylesReady().then(() => createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
));
