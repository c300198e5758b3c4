import { createContext, useContext } from 'react';

const PhoneLayoutContext = createContext(false);

/** Given by the shell: true when the screen is laid out for a phone. Pages outside the shell get the wide layout. */
export const PhoneLayoutProvider = PhoneLayoutContext.Provider;

export const usePhoneLayout = () => useContext(PhoneLayoutContext);
