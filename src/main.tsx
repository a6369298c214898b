import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { BUILD_ID } from './app/pwa/build-id';
import { reloadOnPreloadError } from './app/pwa/preload-error';
import './ui/base.css';

reloadOnPreloadError();
document.documentElement.dataset.build = BUILD_ID;

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
