/// <reference types="vite/client" />

/** The web app's version from apps/web/package.json, injected by Vite. */
declare const __APP_VERSION__: string;
