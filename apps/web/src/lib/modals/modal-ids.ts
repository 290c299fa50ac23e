import type { GameType } from '@aurum/contract';

export interface GameLaunchParams {
  vassalage: string;
  gameType: GameType;
  name: string;
  icon?: string;
  gameCode?: string;
  /** The game can be played with play money (free play: in-house games). */
  freePlay?: boolean;
  /**
   * The blank window opened synchronously on the member's click (so no popup blocker stops it),
   * which the launch then points at the game; null: the browser blocked it. Absent when nothing
   * was opened (a visitor, a trial account, or a launch that did not start from a click).
   */
  target?: Window | null;
}

/**
 * The spec's modals (§2 Modals) and what each one is opened with. Later issues fill in the ones
 * the app registry still leaves empty.
 */
export interface ModalParamsMap {
  announcement: undefined;
  notice: { id: string; title: string; content?: string; date?: number };
  /** twoFactorTicket: a social sign-in's hand-off asks for the two-factor check (opens at it). */
  login: { twoFactorTicket?: string } | undefined;
  register: { referralCode?: string } | undefined;
  changePassword: undefined;
  forgotPassword: undefined;
  help: undefined;
  feedback: undefined;
  gameLaunch: GameLaunchParams;
  chatRoom: undefined;
  /** orderNo: the deposit the payment gateway returned with (page depositv2). */
  memberCenter: { page?: string; orderNo?: string } | undefined;
  accountCenter: { page?: string } | undefined;
}

export type ModalId = keyof ModalParamsMap;

export const MODAL_IDS = [
  'announcement',
  'notice',
  'login',
  'register',
  'changePassword',
  'forgotPassword',
  'help',
  'feedback',
  'gameLaunch',
  'chatRoom',
  'memberCenter',
  'accountCenter',
] as const satisfies readonly ModalId[];
