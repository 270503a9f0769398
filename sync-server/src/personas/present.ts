import type { Persona } from '@shared/personas';
import type { PersonaRef } from '@shared/chat';

/** A persona of GET /api/personas. */
export function presentPersona(persona: Persona): Persona {
  return {
    id: persona.id,
    name: persona.name,
    tagline: persona.tagline,
    description: persona.description,
    avatar: persona.avatar,
    tier: persona.tier,
  };
}

/** The persona a chat shows (spec §3: id, name, description, avatar). */
export function presentPersonaRef(persona: Persona): PersonaRef {
  return {
    id: persona.id,
    name: persona.name,
    description: persona.description,
    avatar: persona.avatar,
  };
}
