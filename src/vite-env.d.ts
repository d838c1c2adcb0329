/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of the product calls; defaults to '/api' on the same origin. */
  readonly VITE_API_BASE?: string;
  /** 16-character AES key and IV of the wire protocol; development defaults when unset. */
  readonly VITE_APP_AES_KEY?: string;
  readonly VITE_APP_AES_IV?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
