import { createContext, useContext } from 'react';
import { NO_ANALYTICS, type Analytics } from './consent';

/** The tour page's collector; outside a tour (the website, the paused page) one that records nothing. */
export const AnalyticsContext = createContext<Analytics>(NO_ANALYTICS);

export const useAnalytics = () => useContext(AnalyticsContext);
