/** Injection tokens of the platform's shared providers. */
export const CONFIG = Symbol('CONFIG');
export const LOGGER = Symbol('LOGGER');
export const TRANSPORT = Symbol('TRANSPORT');
export const HAS_DATABASE = Symbol('HAS_DATABASE');
export const SERVICE_NAME = Symbol('SERVICE_NAME');
