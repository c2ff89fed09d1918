import '../shared/theme.css';
import './player.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startI18n } from './i18n';
import { PlayerApp, startTourRequest } from './PlayerApp';
import { routeOf } from '@tourly/contracts';

const container = document.getElementById('root');
if (!container) throw new Error('player.html has no #root element');
const root = createRoot(container);

const route = routeOf(window.location.pathname);
const tourRequest = startTourRequest(route);
// The visitor's language is loaded before the first render, so the page never flashes English first.
void startI18n().then(() =>
  root.render(
    <StrictMode>
      <PlayerApp route={route} tourRequest={tourRequest} />
    </StrictMode>,
  ),
);
