import { z } from 'zod';
import { personaById, type Persona } from './personas';

/**
 * A persona of GET /api/personas (spec §3: id, name, description, avatar, tier free or other).
 * A tier other than free is locked as paid; a missing tagline is the built-in one, if any.
 */
const personaSchema = z
  .object({
    id: z.number().int().positive(),
    name: z.string().trim().min(1).max(60),
    tagline: z.string().max(120).optional(),
    description: z.string().max(1000),
    // Her portrait's address: a path on this site or an http(s) URL, nothing else for an <img>.
    avatar: z
      .string()
      .max(2048)
      .regex(/^(\/|https?:\/\/)/),
    tier: z.string().min(1).max(40),
  })
  .transform(({ tagline, tier, ...persona }): Persona => ({
    ...persona,
    tagline: tagline ?? personaById(persona.id)?.tagline ?? '',
    tier: tier === 'free' ? 'free' : 'paid',
  }));

/** The whole answer: at least one bestie, each id once. */
export const personasAnswerSchema = z
  .array(personaSchema)
  .min(1)
  .max(50)
  .refine((personas) => new Set(personas.map(({ id }) => id)).size === personas.length);
