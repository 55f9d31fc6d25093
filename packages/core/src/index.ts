// @tide/core: import from the subpaths (`@tide/core/nostr`, `@tide/core/cache`, ...) so bundles stay small.
export {};
