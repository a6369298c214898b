/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_INITIAL_PASSWORD?: string;
  readonly VITE_IMPORTED_TEACHER_PASSWORD?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
