export const CLIENTS_PATH = '/provider/clients';
export const CONTACTS_PATH = '/provider/contacts';
export const clientPath = (id: string) => `${CLIENTS_PATH}/${encodeURIComponent(id)}`;
