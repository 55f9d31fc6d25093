import { IconFrame, type IconProps } from './icons.tsx';

// More of the SVG icon set (icons.tsx holds the frame): marks and the zap presets' pictures, never emoji, which
// render as empty boxes on systems without an emoji font.

/** Check mark: a verified NIP-05 address. */
export function CheckIcon(props: IconProps) {
  return (
    <IconFrame name="check" {...props}>
      <path d="M5 12.5 10 17.5 19 7" />
    </IconFrame>
  );
}

/** Play triangle: a video. */
export function PlayIcon(props: IconProps) {
  return (
    <IconFrame name="play" fill="currentColor" {...props}>
      <path d="M8 5.5v13l10.5-6.5z" />
    </IconFrame>
  );
}

/** Thumbs up: the 21-sat zap preset. */
export function ThumbsUpIcon(props: IconProps) {
  return (
    <IconFrame name="thumbs-up" {...props}>
      <path d="M7 10v10H4V10zM7 10l4-7a2.5 2.5 0 0 1 2.5 3L13 10h5.5a2 2 0 0 1 2 2.3l-1.2 6A2 2 0 0 1 17.3 20H7" />
    </IconFrame>
  );
}

/** Rocket: the 420-sat zap preset. */
export function RocketIcon(props: IconProps) {
  return (
    <IconFrame name="rocket" {...props}>
      <path d="M14 4c3-1.5 5.5-1.5 6-1 .5.5.5 3-1 6l-6 6-4-4zM10 11 6.5 10.5 4 13l4 1M13 14l.5 3.5L11 20l-1-4" />
      <path d="M6 18c-1 .5-2 2-2 2s1.5-1 2-2zM15.5 8.5h.01" />
    </IconFrame>
  );
}

/** Cup of coffee: the 1,000-sat zap preset. */
export function CoffeeIcon(props: IconProps) {
  return (
    <IconFrame name="coffee" {...props}>
      <path d="M4 9h12v6a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5zM16 11h1.5a2.5 2.5 0 0 1 0 5H16M8 2.5v3M12 2.5v3" />
    </IconFrame>
  );
}

/** Two glasses of beer: the 5,000-sat zap preset. */
export function BeersIcon(props: IconProps) {
  return (
    <IconFrame name="beers" {...props}>
      <path d="M3 6h7v13a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1zM14 6h7v13a1 1 0 0 1-1 1h-5a1 1 0 0 1-1-1zM3 9h7M14 9h7" />
    </IconFrame>
  );
}

/** Glass of wine: the 10,000-sat zap preset. */
export function WineIcon(props: IconProps) {
  return (
    <IconFrame name="wine" {...props}>
      <path d="M7 3h10l-.5 5a4.5 4.5 0 0 1-9 0zM12 12.5V21M8 21h8M7.3 7h9.4" />
    </IconFrame>
  );
}

/** Crown: the 100,000-sat zap preset. */
export function CrownIcon(props: IconProps) {
  return (
    <IconFrame name="crown" {...props}>
      <path d="M3 7l4.5 4L12 4l4.5 7L21 7l-2 11H5zM5 21h14" />
    </IconFrame>
  );
}

/** Padlock: a private (NIP-17) message. */
export function LockIcon(props: IconProps) {
  return (
    <IconFrame name="lock" {...props}>
      <path d="M6 11h12v10H6zM8.5 11V7.5a3.5 3.5 0 0 1 7 0V11" />
    </IconFrame>
  );
}

/** Warning triangle: a message that cannot be read. */
export function WarningIcon(props: IconProps) {
  return (
    <IconFrame name="warning" {...props}>
      <path d="M12 3 2 20h20zM12 10v4.5M12 17v.5" />
    </IconFrame>
  );
}
