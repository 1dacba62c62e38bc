import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { setConfig } from '../../web/src/lib/config';

/** A media query's answer, as jsdom lacks matchMedia (a test that fakes a width answers its own `matches`). */
export const mediaQueryList = (query: string, matches: boolean) =>
  ({
    matches,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

// jsdom lacks matchMedia, which Amplify UI's responsive props read.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => mediaQueryList(query, false),
  });
}
window.scrollTo = () => {};

// A page's first render waits for its lazy chunk, which a loaded 2-core machine can take over a
// second to transform: a limit for findBy/waitFor, not a timing assertion.
configure({ asyncUtilTimeout: 15_000 });

beforeEach(() => {
  setConfig({
    region: 'us-east-1',
    userPoolId: 'us-east-1_test',
    userPoolClientId: 'test-client',
    signInFlow: 'USER_SRP_AUTH',
    apiBase: '',
    mapStyle: '/map-style.json',
  });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
