// A question's figure grows with the type, as the ENEM's enlarged booklets print it: shown at its
// own size times the type scale (--type-scale in styles.css), never wider than its column (the
// class's max-width) nor taller than its box (--figure-max-h), and always in its own proportions.
import { useState, type ImgHTMLAttributes } from 'react';

export function ScaledImage(props: ImgHTMLAttributes<HTMLImageElement>) {
  const { onLoad, style, ...rest } = props;
  const [natural, setNatural] = useState<{ w: number; h: number } | null>(null);
  // The height follows the width (height: auto), so the box's height limit is applied to the width.
  const width =
    natural &&
    `min(calc(${natural.w}px * var(--type-scale, 1)), calc(var(--figure-max-h, 100vh) * ${natural.w / natural.h}))`;
  return (
    <img
      {...rest}
      style={width ? { ...style, width, height: 'auto' } : style}
      onLoad={(event) => {
        const { naturalWidth: w, naturalHeight: h } = event.currentTarget;
        setNatural(w > 0 && h > 0 ? { w, h } : null);
        onLoad?.(event);
      }}
    />
  );
}
