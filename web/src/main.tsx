import '@aws-amplify/ui-react/styles.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { PageLoader } from './components/PageLoader';
import { configureAmplify, loadConfig } from './lib/config';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks <div id="root">');
const root = createRoot(container);
root.render(<PageLoader text="Loading Application..." fullPage />);

loadConfig()
  .then((config) => {
    configureAmplify(config);
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    console.error(error);
    root.render(
      <div className="startup-error" role="alert">
        <h1>The directory could not start</h1>
        <p>Its configuration could not be loaded. Please check your connection and reload the page.</p>
        <button type="button" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>,
    );
  });
