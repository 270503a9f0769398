import { useState } from 'react';
import type { Persona } from '@shared/personas';

interface PersonaAvatarProps {
  persona: Pick<Persona, 'name' | 'avatar'>;
  size?: number;
}

/** A bestie's portrait; if it cannot load, a pink circle with her initial (spec §2). */
export function PersonaAvatar({ persona, size = 56 }: PersonaAvatarProps) {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size };
  if (failed) {
    return (
      <span
        className="avatar avatar--fallback"
        style={{ ...style, fontSize: size * 0.45 }}
        aria-hidden="true"
      >
        {persona.name.charAt(0)}
      </span>
    );
  }
  return (
    <img
      className="avatar"
      src={persona.avatar}
      alt=""
      width={size}
      height={size}
      style={style}
      onError={() => setFailed(true)}
    />
  );
}
