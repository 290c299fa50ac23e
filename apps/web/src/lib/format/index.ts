export { countdownClock, useTickingNow } from './countdown';
export { formatDate, formatDateTime, formatDateTimeInline } from './date';
export { formatMoneyDisplay, formatWireMoney, MASKED_MONEY } from './money';
