import { encode } from 'uqr';

/** Props of {@link QrCode}. */
export interface QrCodeProps {
  value: string;
  /** What the code holds, for assistive technology. */
  label: string;
  size?: number;
}

/** A QR code drawn as one SVG path (dark modules in the text colour on the surface colour; no HTML injected). */
export function QrCode({ value, label, size = 220 }: QrCodeProps) {
  const { data, size: modules } = encode(value, { ecc: 'M', border: 2 });
  let path = '';
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      data-qr-value={value}
    >
      <rect width={modules} height={modules} fill="var(--qr-light)" />
      <path d={path} fill="var(--qr-dark)" />
    </svg>
  );
}
