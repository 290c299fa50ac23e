export { formatDate, formatDateTime } from './date';
export { formatMoneyDisplay, formatWireMoney, MASKED_MONEY } from './money';
