/**
 * The lottery module's public face (issues, tickets, draws and settlement of the in-house
 * lottery): code outside `modules/lottery/` imports only this file.
 */
export { installLottery, LOTTERY_JOB } from './module.ts';
export type { LotteryService } from './service.ts';
