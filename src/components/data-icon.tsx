/**
 * An icon named by server data (e.g. a category's "mdi:movie-open"), loaded through
 * lib/icon-loader.ts. Until it arrives, or when the name is unknown, a same-sized box (or the
 * `fallback`) keeps the layout still. The SVG body comes from the app's own icon endpoint.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { loadIcon, loadedIcon, type IconData } from '../lib/icon-loader.ts';

interface DataIconProps {
  name: string | null | undefined;
  size?: number;
  className?: string;
  fallback?: ReactNode;
}

export function DataIcon({ name, size = 24, className, fallback = null }: DataIconProps) {
  const [icon, setIcon] = useState<IconData | null | undefined>(() => (name ? loadedIcon(name) : null));

  useEffect(() => {
    if (!name) return setIcon(null);
    const known = loadedIcon(name);
    if (known !== undefined) return setIcon(known);
    let live = true;
    void loadIcon(name).then((loaded) => {
      if (live) setIcon(loaded);
    });
    return () => {
      live = false;
    };
  }, [name]);

  if (!icon) {
    return icon === null && fallback ? (
      <>{fallback}</>
    ) : (
      <span className={className} style={{ display: 'inline-block', width: size, height: size }} aria-hidden="true" />
    );
  }
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox={`0 0 ${icon.width} ${icon.height}`}
      aria-hidden="true"
      focusable="false"
      dangerouslySetInnerHTML={{ __html: icon.body }}
    />
  );
}
