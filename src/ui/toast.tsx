import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import styled from 'styled-components';
import { flexColumn } from './layout';
import { theme } from './theme';

export type ToastTone = 'success' | 'error' | 'info';

export interface ToastInput {
  tone: ToastTone;
  /** Already translated text. */
  text: string;
}

interface ToastItem extends ToastInput {
  id: number;
}

/** How long a toast stays up, and how many may stack at once. */
const TOAST_DURATION_MS = 3000;
const MAX_VISIBLE_TOASTS = 3;

export type ShowToast = (toast: ToastInput) => void;

/**
 * The toasts' look is not in the first load: it loads when a session or the auth flow starts
 * (`preloadToastCard`), or with the first toast. The live region that announces the toasts
 * is here from the start.
 */
const loadToastCard = () => import('./toast-card');
const ToastCard = lazy(loadToastCard);

/** Starts loading the toasts' look, before anything asks for a toast. */
export function preloadToastCard(): void {
  loadToastCard().catch(() => undefined);
}

const ToastContext = createContext<ShowToast | null>(null);

/** Shows short, self-dismissing messages ('Pay Id copied!', 'Logged out successfully!'). */
export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside <ToastProvider>');
  return show;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const show = useCallback<ShowToast>((toast) => {
    const id = nextId.current++;
    setToasts((current) => [...current, { ...toast, id }].slice(-MAX_VISIBLE_TOASTS));
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setToasts((current) => current.filter((item) => item.id !== id));
    }, TOAST_DURATION_MS);
    timers.current.add(timer);
  }, []);

  return (
    <ToastContext.Provider value={show}>
      {children}
      <Region aria-live="polite" aria-relevant="additions">
        <Suspense fallback={null}>
          {toasts.map((toast) => (
            <ToastCard key={toast.id} tone={toast.tone} text={toast.text} />
          ))}
        </Suspense>
      </Region>
    </ToastContext.Provider>
  );
}

const Region = styled.div`
  position: fixed;
  top: calc(env(safe-area-inset-top, 0px) + ${theme.sizes.headerHeightPx + 8}px);
  left: 50%;
  transform: translateX(-50%);
  z-index: ${theme.zIndices.toast};
  ${flexColumn(theme.space.sm)}
  width: min(calc(100% - 32px), ${theme.sizes.contentMaxWidthPx - 32}px);
  pointer-events: none;
`;
