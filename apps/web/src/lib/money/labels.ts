import type { TFunction } from 'i18next';
import { TX_TYPE } from '../contract';

export type TxTypeName = keyof typeof TX_TYPE;

/** The contract's transaction types in id order: the account record's type filter. */
export const TX_TYPES = (Object.entries(TX_TYPE) as [TxTypeName, number][])
  .map(([name, id]) => ({ name, id }))
  .sort((a, b) => a.id - b.id);

const NAME_BY_ID = new Map(TX_TYPES.map((type) => [type.id, type.name]));

/** A txTypeId in the member's language; an id this build does not know yet shows as a number. */
export function txTypeLabel(t: TFunction<'funds'>, id: number): string {
  const name = NAME_BY_ID.get(id);
  return name ? t(`txType.${name}`) : t('txType.other', { id });
}

/** What each type's remark sentence names; a row without them reads as its type. */
const REMARK_NEEDS: Partial<Record<TxTypeName, readonly string[]>> = {
  bet: ['game', 'time'],
  win: ['game', 'time'],
  transferToGame: ['wallet'],
  transferFromGame: ['wallet'],
};

/**
 * An account record row's remark: its type's sentence in the member's language, naming the
 * game and the time its round settled (never a round id) or the game wallet, from remarkArgs.
 * `formatTime` writes an epoch-ms time as the page shows times.
 */
export function txRemarkText(
  t: TFunction<'funds'>,
  row: { txTypeId: number; remarkArgs?: Record<string, string | number> | undefined },
  formatTime: (ms: number) => string,
): string {
  const name = NAME_BY_ID.get(row.txTypeId);
  if (!name) return t('txRemark.other', { id: row.txTypeId });
  const args = row.remarkArgs ?? {};
  if (!(REMARK_NEEDS[name] ?? []).every((k) => args[k] !== undefined)) return txTypeLabel(t, row.txTypeId);
  const time = typeof args.time === 'number' ? formatTime(args.time) : undefined;
  return t(`txRemark.${name}`, { ...args, ...(time === undefined ? {} : { time }) });
}

/** The main wallet's name in transfers ("MAIN" on the wire). */
export const MAIN_WALLET = 'MAIN';

/**
 * A record's wallet (MAIN, HOLD, AGENT or VENDOR:<code>) in the member's language; a game
 * wallet by its vendor's name when the merchant's wallet list has it.
 */
export function walletLabel(
  t: TFunction<'funds'>,
  wallet: string,
  vendorNames: ReadonlyMap<string, string>,
): string {
  if (wallet === 'MAIN') return t('wallet.main');
  if (wallet === 'HOLD') return t('wallet.hold');
  if (wallet === 'AGENT') return t('wallet.agent');
  if (wallet.startsWith('VENDOR:')) {
    const code = wallet.slice('VENDOR:'.length);
    return t('wallet.game', { name: vendorNames.get(code) ?? code });
  }
  return wallet;
}
