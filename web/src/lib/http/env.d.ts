interface ImportMetaEnv {
  /** Where the API lives: '/api' by default; an absolute URL in the native shells. */
  readonly VITE_API_BASE?: string;
}
