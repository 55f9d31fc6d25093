import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { exposeInDevMode } from './state/dev-mode.ts';
import { session } from './state/session.ts';
import { stores } from './state/stores.ts';
import './styles/themes.css';
import './styles/global.css';

// Creating the stores already applied the theme and animation attributes to <html>.
exposeInDevMode({ stores, version: __APP_VERSION__, appId: stores.session.getState().appId });

// Start-up key lookup (spec §4): the signer extension of a session made with it; a PIN-stored key asks for its PIN.
void session.restore();
const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);
