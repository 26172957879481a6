import { useEffect, useState } from 'react';
import styles from './qr-code.module.css';

/** The dark modules of a QR code as one SVG path, one unit per module. */
async function qrPath(text: string): Promise<{ path: string; size: number }> {
  // Loaded only where a QR code is drawn: a coin's payment page, the two-factor set-up.
  const { default: qrcode } = await import('qrcode-generator');
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const size = qr.getModuleCount();
  let path = '';
  for (let row = 0; row < size; row += 1) {
    for (let col = 0; col < size; col += 1) if (qr.isDark(row, col)) path += `M${col} ${row}h1v1h-1z`;
  }
  return { path, size };
}

/**
 * A QR code for a phone to scan (a wallet address, an authenticator's secret). Always dark on white, whatever the
 * theme: scanners need that contrast and a quiet zone around it.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const [code, setCode] = useState<{ text: string; path: string; size: number } | null>(null);
  useEffect(() => {
    let current = true;
    qrPath(text)
      .then((result) => current && setCode({ text, ...result }))
      .catch(() => current && setCode(null));
    return () => {
      current = false;
    };
  }, [text]);
  const shown = code?.text === text ? code : null;
  return (
    <figure className={styles.frame}>
      {shown ? (
        <svg
          className={styles.code}
          viewBox={`-4 -4 ${shown.size + 8} ${shown.size + 8}`}
          role="img"
          aria-label={label}
          shapeRendering="crispEdges"
        >
          <rect x={-4} y={-4} width={shown.size + 8} height={shown.size + 8} fill="#fff" />
          <path d={shown.path} fill="#000" />
        </svg>
      ) : (
        <div className={styles.placeholder} aria-hidden="true" />
      )}
    </figure>
  );
}
