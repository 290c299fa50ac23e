import type { GameType } from '@aurum/contract';

/** Every path the app links to, in one place. */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgotPassword',
  changePassword: '/changePassword',
  down: '/down',
  help: '/help',
  blog: '/blog',
  news: '/news',
  /** An article's own page: /blog/<id> or /news/<id>. */
  article: (kind: 'blog' | 'news', id: string) => `/${kind}/${encodeURIComponent(id)}`,
  join: '/join',
  rng: '/rng',
  hot: '/hot',
  inHouse: '/inHouse',
  cockfight: '/cockfight',
  lottery: '/lottery',
  seaLottery: '/seaLottery',
  vnLottery: '/vnLottery',
  /** The lottery draw verifier (public); `?gameCode=&issueNo=` prefill it. */
  lotteryVerify: '/lotteryVerify',
  promotions: '/promotions',
  pointMall: '/pointMall',
  /** The winners list and the missions' leaderboards (spec §2 further screens). */
  winners: '/winners',
  leaderboard: '/leaderboard',
  seamless: '/seamless',
  agentHome: '/agentHome',
  loginPage: '/loginPage',
  registerPage: '/registerPage',
  forgetPage: '/forgetPage',
  sponsor: (n: 1 | 2 | 3) => `/sponsor${n}`,
  /** The named route gameListCenter: both params lower case. */
  gameListCenter: (vassalage: string, gameType: GameType) =>
    `/gameListCenter/${encodeURIComponent(vassalage.toLowerCase())}/${gameType.toLowerCase()}`,
} as const;
