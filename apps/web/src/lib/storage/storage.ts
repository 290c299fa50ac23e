/**
 * Web storage that never throws: private modes and disabled storage simply behave as empty.
 * Keys are listed here so every stored value has one owner.
 */
export const STORAGE_KEYS = {
  token: 'token',
  account: 'account',
  nickname: 'nickname',
  username: 'username',
  customerId: 'customerId',
  isAgent: 'isAgent',
  isTrial: 'isTrial',
  /** sessionStorage: 'true' while the session is an operator's read-only view of the member's site. */
  viewOnly: 'viewOnly',
  merchant: 'merchant',
  /** A social sign-in asked for the first-login call, made once the member area loads. */
  firstLogin: 'firstLogin',
  /** sessionStorage: '1' while this session is the member's first login (announcements with execution F). */
  firstTimeLogin: 'firstTimeLogin',
  /** sessionStorage: the announcement popup was closed, for members and for visitors (spec §4 Popups, §9). */
  userPopup: 'USER_POPUP',
  anonymousPopup: 'ANONYMOUS_POPUP',
  /** sessionStorage: the points mall tab to return to, written on leaving the mall for the member centre, removed when the member centre closes (spec §2). */
  pointMall: 'pointMall',
  /** sessionStorage: '1' while the member keeps the header balance hidden (spec §2 eye toggle). */
  balanceHidden: 'balanceHidden',
  /** The register settings and validation rules, cached for the session (spec §4 Caching). */
  validate: 'validate',
  /** sessionStorage: the hot games and the winners board, kept until a refresh is asked (spec §4). */
  hotGames: 'hotGames',
  winners: 'winners',
  /** sessionStorage: the vendor catalogue (game menus), kept for its stale time (spec §9). */
  vendors: 'vendors',
  /** localStorage: the account name of a remember-me login (never a password). */
  rememberAccount: 'rememberAccount',
  lang: 'lang',
  hisLang: 'hisLang',
  theme: 'theme',
  sideMenu: 'sideMenu',
  rightBar: 'rightBar',
  /** sessionStorage: the in-house game page's play session (src/play), so a reload needs no token. */
  playSession: 'playSession',
} as const;

type Area = 'local' | 'session';

function area(which: Area): Storage | null {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readStorage(which: Area, key: string): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(which: Area, key: string, value: string): void {
  try {
    area(which)?.setItem(key, value);
  } catch {
    // Quota or privacy mode: the value just is not remembered.
  }
}

export function removeStorage(which: Area, key: string): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    // Nothing to remove.
  }
}

export function clearStorage(which: Area): void {
  try {
    area(which)?.clear();
  } catch {
    // Nothing to clear.
  }
}
