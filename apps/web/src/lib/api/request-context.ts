import type { Language } from '@aurum/contract';

/**
 * Values the API client reads on every call but does not own: the current language (set by i18n)
 * and what to do when the server ends the session (set by the app).
 */
let language: Language = 'EN';
let onSessionEnd: () => void = () => {};

export const setRequestLanguage = (lang: Language) => {
  language = lang;
};
export const getRequestLanguage = (): Language => language;

export const setSessionEndHandler = (handler: () => void) => {
  onSessionEnd = handler;
};
export const handleSessionEnd = () => onSessionEnd();
