import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import './toast.css';

// spec part 1 point 9: toasts last 2500 ms by default.
export const TOAST_DURATION_MS = 2500;

export type ToastTone = 'success' | 'error' | 'info';
export interface ToastItem {
  id: number;
  message: string;
  tone: ToastTone;
}

interface ToastApi {
  show: (message: string, tone?: ToastTone, durationMs?: number) => void;
}

const ToastContext = createContext<ToastApi>({ show: () => undefined });

/**
 * The toasts after showing `next`. A message already on screen is not stacked a second time (a check-in
 * made in "Gérer un cours" is announced by the dialog and by the shell's attendance watcher with the same
 * words): the visible one stays and its timer restarts; `isNew` tells which.
 */
export function withToast(
  items: readonly ToastItem[],
  next: ToastItem,
): { items: ToastItem[]; shownId: number; isNew: boolean } {
  const same = items.find((t) => t.message === next.message);
  if (same) return { items: [...items], shownId: same.id, isNew: false };
  return { items: [...items, next], shownId: next.id, isNew: true };
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const itemsRef = useRef<ToastItem[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const nextId = useRef(1);
  const show = useCallback((message: string, tone: ToastTone = 'success', durationMs = TOAST_DURATION_MS) => {
    const result = withToast(itemsRef.current, { id: nextId.current++, message, tone });
    itemsRef.current = result.items;
    if (result.isNew) setItems(result.items);
    clearTimeout(timers.current.get(result.shownId));
    timers.current.set(
      result.shownId,
      setTimeout(() => {
        timers.current.delete(result.shownId);
        itemsRef.current = itemsRef.current.filter((t) => t.id !== result.shownId);
        setItems(itemsRef.current);
      }, durationMs),
    );
  }, []);
  const api = useMemo(() => ({ show }), [show]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toast-region" aria-live="polite" aria-atomic="false">
        {items.map((t) => (
          <div key={t.id} className={`toast toast-${t.tone}`} role={t.tone === 'error' ? 'alert' : 'status'}>
            {t.message}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  return useContext(ToastContext);
}
