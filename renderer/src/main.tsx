import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DEFAULT_SETTINGS, type Settings } from '../../preload/contract';
import { App } from './app/App';
import { initI18n } from './i18n';
import { api } from './lib/bridge';
import { createQueryClient, invalidateOnEvents } from './lib/queries';
import './styles.css';

const settings = await api['settings:get']({}).catch((): Settings => DEFAULT_SETTINGS);
await initI18n(settings.language);
const queryClient = createQueryClient();
invalidateOnEvents(api, queryClient);
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <App initialSettings={settings} />
      </QueryClientProvider>
    </StrictMode>,
  );
}
