// The UI library's styles, only the parts this app renders (its full styles.css is ~330 KB, most
// of it for components never used here). Base holds the design tokens and the library's base
// rules; then each component's file in the order the full styles.css has them, so the cascade
// is the same. A component newly imported from '@aws-amplify/ui-react' needs its file here.
import '@aws-amplify/ui-react/styles/base.css';
import '@aws-amplify/ui-react/styles/flex.css';
import '@aws-amplify/ui-react/styles/grid.css';
import '@aws-amplify/ui-react/styles/text.css';
import '@aws-amplify/ui-react/styles/badge.css';
import '@aws-amplify/ui-react/styles/button.css';
import '@aws-amplify/ui-react/styles/fieldMessages.css';
import '@aws-amplify/ui-react/styles/heading.css';
import '@aws-amplify/ui-react/styles/icon.css';
import '@aws-amplify/ui-react/styles/input.css';
// Buttons with isLoading show the library's Loader.
import '@aws-amplify/ui-react/styles/loader.css';
import '@aws-amplify/ui-react/styles/alert.css';
import '@aws-amplify/ui-react/styles/card.css';
import '@aws-amplify/ui-react/styles/field.css';
import '@aws-amplify/ui-react/styles/fieldGroup.css';
import '@aws-amplify/ui-react/styles/passwordField.css';
import '@aws-amplify/ui-react/styles/select.css';
import '@aws-amplify/ui-react/styles/selectField.css';
import '@aws-amplify/ui-react/styles/textField.css';
import '@aws-amplify/ui-react/styles/visuallyHidden.css';
import 'virtual:theme.css';
// Our global styles (each component's own look is in its CSS module beside it, loaded with its code).
import './styles/base.css';
import './styles/layout.css';
import './styles/amplify-overrides.css';
// First: Chrome's install prompt fires once, early, and only to a listener already there.
import './lib/installedApp';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { appRoutes, preloadPage } from './app/routes';
import { PageLoader } from './components/PageLoader';
import { amplifyAuth } from './lib/amplifyAuth';
import { configureAmplify, loadConfig } from './lib/config';
import { preconnectPhotos } from './lib/configFile';
import { createQueryClient } from './lib/queryClient';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks <div id="root">');
const root = createRoot(container);
root.render(<PageLoader text="Loading Application..." fullPage />);

// Amplify's code, the query layer and the page's code download while config.json does
// (configureAmplify and the auth calls await Amplify; the route loaders' API reads await the query
// layer, so they start without waiting for the page's code). index.html preloads all but the page.
void import('aws-amplify');
void amplifyAuth();
void import('./api/queries');
const client = createQueryClient();
const routes = appRoutes(client);
preloadPage(routes, window.location.pathname);

loadConfig()
  .then(async (config) => {
    preconnectPhotos(config);
    await configureAmplify(config);
    root.render(
      <StrictMode>
        <App client={client} routes={routes} />
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
