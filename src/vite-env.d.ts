/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** "1" connects the Stately inspector to the app's actors (development only). */
  readonly VITE_INSPECT?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
