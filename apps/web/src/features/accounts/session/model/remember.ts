import { readStorage, STORAGE_KEYS, writeStorage } from '../../../../lib/storage/storage';

export { forgetRememberedAccount } from '../../../../lib/account/logout';

/**
 * Remember me (checklist decision): the server keeps a revocable token in an HttpOnly cookie;
 * the browser keeps only the account name, to prefill the form. Never a password.
 */
export const getRememberedAccount = (): string | null =>
  readStorage('local', STORAGE_KEYS.rememberAccount) || null;

export const saveRememberedAccount = (account: string) =>
  writeStorage('local', STORAGE_KEYS.rememberAccount, account);
