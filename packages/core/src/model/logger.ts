/** Where core modules report what went wrong; `console` fits. */
export interface Logger {
  debug(message: string, ...detail: unknown[]): void;
  warn(message: string, ...detail: unknown[]): void;
  error(message: string, ...detail: unknown[]): void;
}

/** A logger that drops everything. */
export const silentLogger: Logger = {
  debug: () => {},
  warn: () => {},
  error: () => {},
};
