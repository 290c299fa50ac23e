/** Request headers every client sends (lower case, as Node and fetch see them). */
export const HEADER = {
  merchant: 'merchant',
  language: 'language',
  device: 'device',
  authorization: 'authorization',
  gatewayVersion: 'x-gateway-version',
} as const;

export const GATEWAY_VERSION = '3';
export const DEVICE_WEB = 'web';

/** Every language that has a text catalogue. A merchant's supportLanguages picks among these. */
export const LANGUAGES = ['EN', 'CN', 'JA', 'TH', 'VI', 'ES', 'TY'] as const;
export type Language = (typeof LANGUAGES)[number];
export const isLanguage = (v: unknown): v is Language =>
  typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);
