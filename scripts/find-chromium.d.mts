/** Environment variables naming a Chromium (or Chrome) executable, in the order they are read. */
export declare const CHROMIUM_ENV: readonly string[];
/** The Chromium executable to drive, or undefined when none is installed. */
export declare function findChromium(
  env?: Record<string, string | undefined>,
  exists?: (path: string) => boolean,
): string | undefined;
/** What to tell someone whose machine has no Chromium. */
export declare function chromiumMissingMessage(env?: Record<string, string | undefined>): string;
