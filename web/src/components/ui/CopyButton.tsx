import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from './Toast.js';

/**
 * A value shown once (a key, a signing secret) with a button that copies it: the clipboard where the browser allows
 * it (a secure page), else the value selected so that the person copies it with the keyboard. Either way a toast says
 * which.
 */
export function CopyValue(props: {
  value: string;
  /** what the value is */ name: string;
  /** what the button does */ label: string;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const code = useRef<HTMLElement>(null);
  function select() {
    const node = code.current;
    const selection = window.getSelection();
    if (!node || !selection) return;
    const range = document.createRange();
    range.selectNodeContents(node);
    selection.removeAllRanges();
    selection.addRange(range);
  }
  async function copy() {
    try {
      await navigator.clipboard.writeText(props.value);
      toast(t('copy.done'));
    } catch {
      select();
      toast(t('copy.byHand'));
    }
  }
  return (
    <span className="copy-value">
      <output aria-label={props.name}>
        <code ref={code}>{props.value}</code>
      </output>
      <button type="button" aria-label={props.label} onClick={() => void copy()}>
        {t('copy.button')}
      </button>
    </span>
  );
}
