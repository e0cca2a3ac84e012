import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import styled, { keyframes } from 'styled-components';
import { AlertIcon, CheckIcon, InfoIcon } from './icons';
import { flexColumn, flexRow } from './layout';
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
        {toasts.map((toast) => (
          <Toast
            key={toast.id}
            $tone={toast.tone}
            role={toast.tone === 'error' ? 'alert' : 'status'}
          >
            <ToneIcon tone={toast.tone} />
            <span>{toast.text}</span>
          </Toast>
        ))}
      </Region>
    </ToastContext.Provider>
  );
}

function ToneIcon({ tone }: { tone: ToastTone }) {
  if (tone === 'success') return <CheckIcon sizePx={20} />;
  if (tone === 'error') return <AlertIcon sizePx={20} />;
  return <InfoIcon sizePx={20} />;
}

const slideIn = keyframes`
  from { opacity: 0; transform: translateY(-8px); }
  to { opacity: 1; transform: none; }
`;

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

const Toast = styled.div<{ $tone: ToastTone }>`
  ${flexRow(theme.space.md)}
  padding: ${theme.space.md} ${theme.space.lg};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceRaised};
  border: 1px solid ${theme.colors.borderStrong};
  box-shadow: ${theme.shadows.raised};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.medium};
  animation: ${slideIn} ${theme.durations.normalMs}ms ease-out;

  svg {
    flex: none;
    color: ${({ theme, $tone }) =>
      $tone === 'success'
        ? theme.colors.success
        : $tone === 'error'
          ? theme.colors.danger
          : theme.colors.accent};
  }
`;
