export { LotteryPage } from './pages/lottery-page';
