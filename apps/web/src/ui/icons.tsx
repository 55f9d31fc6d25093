import type { ReactNode, SVGProps } from 'react';

/** Props of every icon: size in px plus normal SVG attributes. */
export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/** The shared SVG frame of the icon set: 24×24 stroke icons, hidden from assistive technology by default. */
export function IconFrame({ name, size = 22, children, ...rest }: IconProps & { name: string; children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-icon={name}
      {...rest}
    >
      {children}
    </svg>
  );
}

/** House: Home. */
export function HomeIcon(props: IconProps) {
  return (
    <IconFrame name="home" {...props}>
      <path d="M3 11 12 4l9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" />
    </IconFrame>
  );
}

/** Open book: Reads. */
export function ReadsIcon(props: IconProps) {
  return (
    <IconFrame name="reads" {...props}>
      <path d="M2 5h6a4 4 0 0 1 4 4v11a3 3 0 0 0-3-3H2zM22 5h-6a4 4 0 0 0-4 4v11a3 3 0 0 1 3-3h7z" />
    </IconFrame>
  );
}

/** Compass: Explore. */
export function ExploreIcon(props: IconProps) {
  return (
    <IconFrame name="explore" {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="m15.5 8.5-2 5-5 2 2-5z" />
    </IconFrame>
  );
}

/** Envelope: Messages. */
export function MessagesIcon(props: IconProps) {
  return (
    <IconFrame name="messages" {...props}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </IconFrame>
  );
}

/** Ribbon: Bookmarks. */
export function BookmarkIcon(props: IconProps) {
  return (
    <IconFrame name="bookmark" {...props}>
      <path d="M6 3h12v18l-6-4-6 4z" />
    </IconFrame>
  );
}

/** Bell: Notifications. */
export function BellIcon(props: IconProps) {
  return (
    <IconFrame name="bell" {...props}>
      <path d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0" />
    </IconFrame>
  );
}

/** Arrow into a tray: Downloads. */
export function DownloadIcon(props: IconProps) {
  return (
    <IconFrame name="download" {...props}>
      <path d="M12 3v12m-5-5 5 5 5-5M4 17v3h16v-3" />
    </IconFrame>
  );
}

/** Star: Premium. */
export function PremiumIcon(props: IconProps) {
  return (
    <IconFrame name="premium" {...props}>
      <path d="m12 3 2.7 5.6 6.1.8-4.5 4.2 1.1 6.1L12 16.8l-5.4 2.9 1.1-6.1L3.2 9.4l6.1-.8z" />
    </IconFrame>
  );
}

/** Gear: Settings. */
export function SettingsIcon(props: IconProps) {
  return (
    <IconFrame name="settings" {...props}>
      <circle cx="12" cy="12" r="3" />
      <path d="M19 12a7 7 0 0 0-.1-1.2l2-1.6-2-3.4-2.4 1a7 7 0 0 0-2-1.2L14 3h-4l-.5 2.6a7 7 0 0 0-2 1.2l-2.4-1-2 3.4 2 1.6a7 7 0 0 0 0 2.4l-2 1.6 2 3.4 2.4-1a7 7 0 0 0 2 1.2L10 21h4l.5-2.6a7 7 0 0 0 2-1.2l2.4 1 2-3.4-2-1.6c.1-.4.1-.8.1-1.2z" />
    </IconFrame>
  );
}

/** Person: account and sign-in. */
export function UserIcon(props: IconProps) {
  return (
    <IconFrame name="user" {...props}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </IconFrame>
  );
}

/** Magnifier: search. */
export function SearchIcon(props: IconProps) {
  return (
    <IconFrame name="search" {...props}>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-4-4" />
    </IconFrame>
  );
}

/** Cross: close and dismiss. */
export function CloseIcon(props: IconProps) {
  return (
    <IconFrame name="close" {...props}>
      <path d="M6 6l12 12M18 6 6 18" />
    </IconFrame>
  );
}

/** Three dots: more actions. */
export function MoreIcon(props: IconProps) {
  return (
    <IconFrame name="more" {...props}>
      <circle cx="5" cy="12" r="1.4" />
      <circle cx="12" cy="12" r="1.4" />
      <circle cx="19" cy="12" r="1.4" />
    </IconFrame>
  );
}

/** Pen: write a note or article. */
export function PenIcon(props: IconProps) {
  return (
    <IconFrame name="pen" {...props}>
      <path d="M4 20h4L19 9l-4-4L4 16zM14 6l4 4" />
    </IconFrame>
  );
}

/** Lightning bolt: zaps. */
export function ZapIcon(props: IconProps) {
  return (
    <IconFrame name="zap" {...props}>
      <path d="M13 2 4 14h7l-1 8 9-12h-7z" />
    </IconFrame>
  );
}

/** Left chevron: back and previous. */
export function ChevronLeftIcon(props: IconProps) {
  return (
    <IconFrame name="chevron-left" {...props}>
      <path d="m15 5-7 7 7 7" />
    </IconFrame>
  );
}

/** Right chevron: next and open. */
export function ChevronRightIcon(props: IconProps) {
  return (
    <IconFrame name="chevron-right" {...props}>
      <path d="m9 5 7 7-7 7" />
    </IconFrame>
  );
}

/** Question mark in a circle: help. */
export function HelpIcon(props: IconProps) {
  return (
    <IconFrame name="help" {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .8-1 1.5V14M12 17.5v.01" />
    </IconFrame>
  );
}

/** Tide logo mark: a wave. */
export function TideLogo(props: IconProps) {
  return (
    <IconFrame name="tide" {...props}>
      <path d="M2 14c3-4 6-4 10 0s7 4 10 0" />
      <path d="M2 19c3-4 6-4 10 0s7 4 10 0" opacity={0.6} />
      <path d="M2 9c3-4 6-4 10 0s7 4 10 0" opacity={0.35} />
    </IconFrame>
  );
}

/** Picture frame: attach an image or video. */
export function ImageIcon(props: IconProps) {
  return (
    <IconFrame name="image" {...props}>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <circle cx="9" cy="10" r="1.8" />
      <path d="m21 16-5-5-9 9" />
    </IconFrame>
  );
}

/** Film camera: a video file. */
export function VideoIcon(props: IconProps) {
  return (
    <IconFrame name="video" {...props}>
      <rect x="3" y="6" width="13" height="12" rx="2" />
      <path d="m16 10 5-3v10l-5-3z" />
    </IconFrame>
  );
}

/** Smiling face outline: open the emoji picker. */
export function SmileIcon(props: IconProps) {
  return (
    <IconFrame name="smile" {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M8.5 14.5a4.5 4.5 0 0 0 7 0M9 9.5h.01M15 9.5h.01" />
    </IconFrame>
  );
}

/** Speech bubble: reply to a note. */
export function ReplyIcon(props: IconProps) {
  return (
    <IconFrame name="reply" {...props}>
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1.1-4.6A8 8 0 1 1 21 12z" />
    </IconFrame>
  );
}

/** Heart outline (filled when `data-active`): like a note. */
export function HeartIcon(props: IconProps & { filled?: boolean }) {
  const { filled, ...rest } = props;
  return (
    <IconFrame name="heart" fill={filled ? 'currentColor' : 'none'} {...rest}>
      <path d="M12 20s-7.5-4.6-7.5-10A4.5 4.5 0 0 1 12 7.3 4.5 4.5 0 0 1 19.5 10c0 5.4-7.5 10-7.5 10z" />
    </IconFrame>
  );
}

/** Two arrows in a loop: repost a note. */
export function RepostIcon(props: IconProps) {
  return (
    <IconFrame name="repost" {...props}>
      <path d="M17 2l3 3-3 3M20 5H8a4 4 0 0 0-4 4v2M7 22l-3-3 3-3M4 19h12a4 4 0 0 0 4-4v-2" />
    </IconFrame>
  );
}
