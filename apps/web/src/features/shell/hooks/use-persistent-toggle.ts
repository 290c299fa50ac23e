import { useCallback, useState } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage/storage';

/** An open/closed state remembered in localStorage ("1" / "0"). */
export function usePersistentToggle(key: 'sideMenu' | 'rightBar', initial: boolean): [boolean, () => void] {
  const storageKey = STORAGE_KEYS[key];
  const [value, setValue] = useState(() => {
    const stored = readStorage('local', storageKey);
    return stored === null ? initial : stored === '1';
  });
  const toggle = useCallback(() => {
    setValue((v) => {
      writeStorage('local', storageKey, v ? '0' : '1');
      return !v;
    });
  }, [storageKey]);
  return [value, toggle];
}
