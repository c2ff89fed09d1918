import { createContext, useContext } from 'react';

/**
 * Whether the person may only read the property's page (a member: identity's role table): its sections then show
 * what the property has, and none of the buttons that change it (the server would refuse them).
 */
export const PropertyReadOnly = createContext(false);

export const usePropertyReadOnly = () => useContext(PropertyReadOnly);
