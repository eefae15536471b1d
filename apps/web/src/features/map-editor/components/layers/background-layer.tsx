import { memo, useEffect, useState } from 'react';
import { Image as KonvaImage, Layer } from 'react-konva';

type BackgroundLayerProps = {
  url: string | undefined;
  x: number;
  y: number;
  scale: number;
  /** Locked (or not being adjusted): clicks go through to the canvas below. */
  interactive: boolean;
};

/** The floor plan under the map; it takes clicks only while the adjust image tool moves it. */
export const BackgroundLayer = memo(function BackgroundLayer({ url, x, y, scale, interactive }: BackgroundLayerProps) {
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  useEffect(() => {
    if (!url) {
      setImage(null);
      return;
    }
    const img = new window.Image();
    img.onload = () => setImage(img);
    img.src = url;
    return () => {
      img.onload = null;
    };
  }, [url]);
  if (!image) return null;
  return (
    <Layer listening={interactive}>
      <KonvaImage image={image} x={x} y={y} scaleX={scale} scaleY={scale} name="image" opacity={0.85} />
    </Layer>
  );
});
