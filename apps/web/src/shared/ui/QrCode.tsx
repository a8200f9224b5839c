// oxlint-disable-next-line import/no-named-as-default -- the package's types declare only `export =`; its default is the factory
import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

/** A QR code of `text` as an SVG image (qrcode-generator; error correction M). */
export function QrCode({ text, label, size = 184, testId }: { text: string; label: string; size?: number; testId?: string }) {
  const src = useMemo(() => {
    const code = qrcode(0, 'M');
    code.addData(text);
    code.make();
    return code.createDataURL(4, 8);
  }, [text]);
  return <img src={src} alt={label} width={size} height={size} data-testid={testId} style={{ imageRendering: 'pixelated', background: '#fff' }} />;
}
