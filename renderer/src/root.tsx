/** The tree the page renders: the same in ./main.tsx and in the host's render of it (./first-screen.tsx), so React can take that markup over. */
import { StrictMode } from 'react';
import { App } from './App';

export const Root = () => (
  <StrictMode>
    <App />
  </StrictMode>
);
