import { useEffect, useId, useRef, type ComponentProps, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { cx } from '../lib/classNames';
import styles from './Modal.module.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  title: string;
  /** Escape, the backdrop and the caller's Cancel button close it (unless `busy`). */
  onClose: () => void;
  /** While true, Escape and the backdrop do nothing (a call is running). */
  busy?: boolean;
  children: ReactNode;
  className?: string;
}

/**
 * A labelled modal dialog: the rest of the page is made inert while it is open, Tab stays
 * inside, Escape closes it, and focus goes back to what opened it. Rendered inside the theme
 * wrapper (not <body>) so the UI library's theme variables still apply. Plain markup: no
 * UI-library import, so any lazy page can use it cheaply.
 */
export function Modal({ title, onClose, busy = false, children, className }: ModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const backdrop = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  const host =
    typeof document === 'undefined'
      ? null
      : (document.querySelector<HTMLElement>('[data-amplify-theme]') ?? document.body);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // Everything beside the dialog becomes inert: no focus, no clicks, hidden from assistive tech.
    const others = host
      ? [...host.children].filter((el): el is HTMLElement => el instanceof HTMLElement && el !== backdrop.current)
      : [];
    const wasInert = others.map((el) => el.hasAttribute('inert'));
    for (const el of others) el.setAttribute('inert', '');
    const first =
      dialog.current?.querySelector<HTMLElement>('[data-autofocus]') ??
      dialog.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? dialog.current)?.focus();
    return () => {
      others.forEach((el, i) => {
        if (!wasInert[i]) el.removeAttribute('inert');
      });
      if (opener?.isConnected) opener.focus();
    };
  }, [host]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (!busy) close.current();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialog.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  if (!host) return null;
  return createPortal(
    <div
      ref={backdrop}
      className={styles.modalBackdrop}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && !busy) close.current();
      }}
    >
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={cx(styles.modal, className)}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className={styles.modalTitle}>
          {title}
        </h2>
        {children}
      </div>
    </div>,
    host,
  );
}

/** A modal's status line (a form's outcome, a job's progress): takes no room while empty. */
export function ModalStatus({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cx(styles.modalStatus, className)} {...props} />;
}
