import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

interface Drawn {
  text: string;
  svg: string;
  png: string;
}

/**
 * A QR code of `text`, drawn here in the browser (qrcode): an SVG to show, and a PNG to download. Nothing is shown
 * until it is drawn (a few milliseconds).
 */
export function QrCode({ text, label, fileName }: { text: string; label: string; fileName: string }) {
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    setFailed(false);
    Promise.all([
      QRCode.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }),
      QRCode.toDataURL(text, { width: 1024, margin: 2, errorCorrectionLevel: 'M' }),
    ]).then(
      ([svg, png]) => current && setDrawn({ text, svg, png }),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [text]);

  if (failed) return <p className="muted">The QR code could not be drawn; copy the link instead.</p>;
  if (!drawn || drawn.text !== text)
    return (
      <p className="muted qr-code-placeholder" role="status">
        Drawing the QR code…
      </p>
    );
  return (
    <figure className="qr-code">
      <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(drawn.svg)}`} alt={label} />
      <figcaption>
        <a className="button button-secondary" href={drawn.png} download={fileName}>
          Download PNG
        </a>
      </figcaption>
    </figure>
  );
}
