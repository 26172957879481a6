import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { createRouter } from './app/router';
import { initI18n } from './lib/i18n';
import { languageOfPath, preferredLanguage } from './lib/language';
import './styles/global.css';

const lang = languageOfPath(window.location.pathname) ?? preferredLanguage();
document.documentElement.lang = lang;
initI18n(lang);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={createRouter()} />
    </AppProvider>
  </StrictMode>,
);
