/** A user's avatar; the first character of the nickname when there is no image or it fails to load. */
import { useState } from 'react';

export function Avatar({ src, name, size = 64 }: { src: string; name: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <span className="avatar avatar--initial" style={{ width: size, height: size }} aria-hidden="true">
        {name.slice(0, 1)}
      </span>
    );
  }
  return <img className="avatar" src={src} alt="" width={size} height={size} onError={() => setFailed(true)} />;
}
