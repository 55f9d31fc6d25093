import { type ComponentType, lazy, Suspense } from 'react';

function Nothing(): null {
  return null;
}

/**
 * A lazily loaded optional part of a screen (a button, a badge, a card): shown once its code arrives, nothing while
 * it loads, and nothing — instead of the screen's error — when its code cannot be fetched (the service that serves
 * the app is down); the next mount asks again.
 */
export function optionalLazy<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const make = () =>
    lazy(async () => {
      try {
        return { default: await load() };
      } catch {
        current = make();
        return { default: Nothing as ComponentType<P> };
      }
    });
  let current = make();
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part at module scope, never while rendering
  return function OptionalPart(props: P) {
    const Loaded = current;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
