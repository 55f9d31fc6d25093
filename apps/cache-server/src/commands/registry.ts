import type { CommandHandler, CommandRecord } from './context.ts';

/** A name → handler table; registering a name twice is a programming error and throws. */
export class CommandRegistry {
  private readonly handlers = new Map<string, CommandHandler>();

  /** Adds every handler of `record`; throws if a name is already taken. */
  register(record: CommandRecord): void {
    for (const [name, handler] of Object.entries(record)) {
      if (this.handlers.has(name)) throw new Error(`command registered twice: ${name}`);
      this.handlers.set(name, handler);
    }
  }

  /** The handler of `name`, or undefined. */
  get(name: string): CommandHandler | undefined {
    return this.handlers.get(name);
  }

  /** Whether `name` is registered. */
  has(name: string): boolean {
    return this.handlers.has(name);
  }

  /** Every registered name, sorted. */
  names(): string[] {
    return [...this.handlers.keys()].sort();
  }

  /** A new registry holding this one's handlers plus `extra` (extra wins on clashes: used by tests). */
  with(extra: CommandRecord): CommandRegistry {
    const copy = new CommandRegistry();
    for (const [name, handler] of this.handlers) copy.handlers.set(name, handler);
    for (const [name, handler] of Object.entries(extra)) copy.handlers.set(name, handler);
    return copy;
  }
}

/** The process-wide registry that `src/commands/index.ts` fills. */
export const commandRegistry = new CommandRegistry();

/** Registers a module's handlers (`{name: handler}`) in the process-wide registry. */
export function registerCommands(record: CommandRecord): void {
  commandRegistry.register(record);
}
