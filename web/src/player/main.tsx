import '../shared/theme.css';
import './player.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { TourNotFound } from './TourNotFound';

const container = document.getElementById('root');
if (!container) throw new Error('player.html has no #root element');

// The public player API does not exist yet, so there is no tour to load: the player shows its
// not-found state until it does.
createRoot(container).render(
  <StrictMode>
    <TourNotFound />
  </StrictMode>,
);
