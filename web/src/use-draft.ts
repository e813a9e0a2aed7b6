import { useCallback, useState } from 'react';

const PREFIX = 'byggdok.draft.';

/**
 * Text a person is typing, kept in this tab's sessionStorage as they type: when a lost session sends them through
 * sign-in and back, the field is filled again. `clear` once the text has been taken (sent and accepted).
 */
export function useDraft(key: string): [string, (value: string) => void, () => void] {
  const storageKey = PREFIX + key;
  const [value, setValue] = useState(() => window.sessionStorage.getItem(storageKey) ?? '');
  const set = useCallback(
    (next: string) => {
      setValue(next);
      if (next) window.sessionStorage.setItem(storageKey, next);
      else window.sessionStorage.removeItem(storageKey);
    },
    [storageKey],
  );
  const clear = useCallback(() => set(''), [set]);
  return [value, set, clear];
}
