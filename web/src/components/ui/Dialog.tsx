import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The app's one modal: a native <dialog> opened with showModal (the page behind inert, Escape closes it), named by its
 * heading, focus moved to its first control on opening and back to what opened it on closing.
 */
export function Dialog(props: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: React.ReactNode;
  /** the message under the heading that says what the dialog is about (read out with its name) */
  describedBy?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const { open, onClose } = props;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    dialog.querySelector<HTMLElement>('[data-autofocus], button, input, select, textarea')?.focus();
    return () => {
      if (dialog.open) {
        if (typeof dialog.close === 'function') dialog.close();
        else dialog.removeAttribute('open');
      }
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);
  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={headingId}
      aria-describedby={props.describedBy}
      // Escape: the browser's cancel, closed through the state that opened it
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        // jsdom and older browsers have no cancel event: Escape closes all the same
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <h2 id={headingId}>{props.title}</h2>
      {props.children}
    </dialog>
  );
}

/**
 * A button whose action needs a yes first (deleting, revoking, archiving): it opens a dialog that says what will happen,
 * with Cancel (focused first, the safe choice) and the action's own words on a button styled as destructive.
 */
export function ConfirmButton(props: {
  /** the button's text */
  children: React.ReactNode;
  title: string;
  message: string;
  /** the confirming button's words (the action's, not "OK") */
  confirm: string;
  onConfirm: () => void;
  className?: string;
  disabled?: boolean;
  'aria-label'?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const messageId = useId();
  return (
    <>
      <button
        type="button"
        className={props.className}
        disabled={props.disabled}
        aria-label={props['aria-label']}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {props.children}
      </button>
      <Dialog open={open} title={props.title} onClose={() => setOpen(false)} describedBy={messageId}>
        <p id={messageId}>{props.message}</p>
        <div className="dialog-actions">
          <button type="button" data-autofocus onClick={() => setOpen(false)}>
            {t('dialog.cancel')}
          </button>
          <button
            type="button"
            className="danger"
            onClick={() => {
              setOpen(false);
              props.onConfirm();
            }}
          >
            {props.confirm}
          </button>
        </div>
      </Dialog>
    </>
  );
}
