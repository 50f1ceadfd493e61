interface ImportMetaEnv {
  /** The id of this build, published as /build.json (vite.config.ts). */
  readonly VITE_BUILD_ID?: string;
  /** SPEC §9: debug logging on when set to true. */
  readonly VITE_DEBUG?: string;
}
