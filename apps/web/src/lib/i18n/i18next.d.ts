import 'i18next';
import type account from '../account/locales/en.json';
import type agentCentre from '../agent/locales/en.json';
import type articles from '../articles/locales/en.json';
import type content from '../content/locales/en.json';
import type download from '../download/locales/en.json';
import type games from '../games/locales/en.json';
import type lottery from '../lottery/locales/en.json';
import type loyalty from '../loyalty/locales/en.json';
import type missions from '../missions/locales/en.json';
import type cashier from '../money/locales/cashier/en.json';
import type funds from '../money/locales/funds/en.json';
import type points from '../points/locales/en.json';
import type promotions from '../promotions/locales/en.json';
import type referral from '../referral/locales/en.json';
import type rewards from '../rewards/locales/en.json';
import type statement from '../statement/locales/en.json';
import type support from '../support/locales/en.json';
import type en from './locales/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof en;
      account: typeof account;
      agentCentre: typeof agentCentre;
      cashier: typeof cashier;
      funds: typeof funds;
      games: typeof games;
      lottery: typeof lottery;
      loyalty: typeof loyalty;
      missions: typeof missions;
      rewards: typeof rewards;
      articles: typeof articles;
      statement: typeof statement;
      content: typeof content;
      promotions: typeof promotions;
      support: typeof support;
      download: typeof download;
      points: typeof points;
      referral: typeof referral;
    };
  }
}
