import { PERSONAS } from '@shared/personas';
import { PersonaAvatar } from '../../components/ui/PersonaAvatar';

/** Meet your besties: five cards with portrait, name, tagline and description. */
export function PersonaCards() {
  return (
    <ul className="persona-grid">
      {PERSONAS.map((persona) => (
        <li key={persona.id} className="card persona-card">
          <PersonaAvatar persona={persona} size={88} />
          <div>
            <h3 className="persona-card__name">{persona.name}</h3>
            <p className="persona-card__tagline">{persona.tagline}</p>
            <p className="persona-card__description">{persona.description}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
