import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The outcome of an action that has no place of its own on the page (saved, copied, sent, a download started), said
 * once in one polite live region at the foot of the screen and gone after a while. An action's error is not a toast:
 * it stays next to the action (<Failure>).
 */
type Show = (message: string) => void;
const ToastContext = createContext<Show>(() => undefined);

/** how long a toast stays: long enough to read two lines, not so long that they pile up */
const SHOWN_MS = 6000;

interface Toast {
  id: number;
  message: string;
}

export function ToastProvider(props: { children: React.ReactNode }) {
  const { t, i18n } = useTranslation();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(0);
  // a toast is written in the language it was shown in: one left over after the language changes would say it in the
  // other, beside a page in the new one
  useEffect(() => {
    const cleared = () => setToasts([]);
    i18n.on('languageChanged', cleared);
    return () => i18n.off('languageChanged', cleared);
  }, [i18n]);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((toast) => toast.id !== id)), []);
  const show = useCallback<Show>((message) => {
    next.current += 1;
    const id = next.current;
    // a task later: a refetch the action awaited hands its data to the page in a task of its own (TanStack Query's
    // notifications), so the toast is drawn with what it tells of, never a moment before it
    window.setTimeout(() =>
      // the same message twice in a row is one toast, shown again from the start
      setToasts((all) => [...all.filter((toast) => toast.message !== message), { id, message }].slice(-3)),
    );
  }, []);
  return (
    <ToastContext.Provider value={show}>
      {props.children}
      {/* always in the page, so what is added to it is read out; each message a status of its own */}
      <div className="toasts" aria-live="polite">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} dismiss={dismiss} closeLabel={t('toast.close')} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

function ToastItem(props: { toast: Toast; dismiss: (id: number) => void; closeLabel: string }) {
  const { toast, dismiss } = props;
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused) return;
    const timer = window.setTimeout(() => dismiss(toast.id), SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [toast.id, dismiss, paused]);
  return (
    <div
      className="toast"
      role="status"
      // kept while the pointer or focus is on it, so it can be read to the end
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <span>{toast.message}</span>
      <button type="button" className="toast-close" aria-label={props.closeLabel} onClick={() => dismiss(toast.id)}>
        ×
      </button>
    </div>
  );
}

/** shows a toast: `const toast = useToast(); toast(t('document.saved'))` */
export const useToast = () => useContext(ToastContext);
