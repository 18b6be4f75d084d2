import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/app-providers';
import { createStore } from './app/store';
import { i18nReady } from './i18n/i18n';
import { createAppRouter } from './routes/router';
import './styles/global.css';

const store = createStore();
const router = createAppRouter();

const container = document.getElementById('root');
if (!container) throw new Error('#root missing from index.html');

// A user who chose English or Spanish gets the page once its texts are loaded (pt is bundled).
void i18nReady.then(() =>
  createRoot(container).render(
    <StrictMode>
      <AppProviders store={store}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);
