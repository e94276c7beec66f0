/**
 * Item 8 of the player's experience: a modal dialog holds the keyboard's focus (Tab and Shift+Tab
 * cycle inside it), Escape closes it, and the focus goes back where it was when it closes.
 */
import type { RefObject } from 'preact';
import { useEffect } from 'preact/hooks';

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

export function useDialog(ref: RefObject<HTMLElement | null>, onClose: (() => void) | null): void {
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const before = document.activeElement as HTMLElement | null;
    const items = () => [...box.querySelectorAll<HTMLElement>(FOCUSABLE)];
    (items()[0] ?? box).focus();
    const key = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && onClose) {
        e.preventDefault();
        e.stopPropagation();
        onClose();
        return;
      }
      if (e.key !== 'Tab') return;
      const all = items();
      if (!all.length) return e.preventDefault();
      const i = all.indexOf(document.activeElement as HTMLElement);
      const next = e.shiftKey ? (i <= 0 ? all.length - 1 : i - 1) : i < 0 || i === all.length - 1 ? 0 : i + 1;
      e.preventDefault();
      all[next]!.focus();
    };
    box.addEventListener('keydown', key);
    return () => {
      box.removeEventListener('keydown', key);
      before?.focus?.({ preventScroll: true });
    };
  }, []);
}
