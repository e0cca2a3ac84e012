/**
 * A tiny listener registry between the HTTP client and whoever owns the session. The
 * client reports a 401 here; the app forwards it to the auth machine. This keeps the
 * client free of any import of the machine (and of React).
 */
type Listener = () => void;

const unauthorizedListeners = new Set<Listener>();

/** Registers `listener` for 401 answers; returns the function that removes it. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

export function reportUnauthorized(): void {
  for (const listener of [...unauthorizedListeners]) listener();
}
