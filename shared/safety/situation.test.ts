import { describe, expect, it } from 'vitest';
import { resourcesFor } from './resources';
import { helpSituation } from './situation';

describe('helpSituation', () => {
  const swallowed = [
    'i took all my sleeping pills',
    'I took a whole bottle of pills',
    'i overdosed',
    "i od'd on my meds",
    'i took like 30 tylenol',
    'i drank bleach',
    'just swallowed all of them',
    'took them all an hour ago',
    'me tomé todas las pastillas',
    'tomé lejía',
    'tomei todos os remédios',
    'bebi água sanitária',
    "j'ai pris tous mes somnifères",
    "j'ai avalé toute la boîte de médicaments",
    "j'ai bu de l'eau de javel",
    'ich hab alle meine schlaftabletten genommen',
    'ich hab eine ganze packung tabletten geschluckt',
    'ich hab bleiche getrunken',
  ];
  it.each(swallowed)('"%s" is swallowed', (text) => {
    expect(helpSituation(text)).toBe('swallowed');
  });

  const danger = [
    'i cut too deep and it wont stop bleeding',
    'im bleeding a lot',
    'deep cut on my arm',
    "i'm standing on the bridge",
    'im on the roof right now',
    'the rope is around my neck',
    "i'm going to do it tonight",
    'im gonna kill myself right now',
    'i did it',
    'me corté muy profundo y no para de sangrar',
    'estoy en el puente',
    'vou me matar hoje à noite',
    'to na ponte agora',
    'ça saigne beaucoup',
    'je suis sur le pont',
    'je vais le faire ce soir',
    'ich stehe auf der brücke',
    'es hört nicht auf zu bluten',
    'heute nacht mach ich schluss',
  ];
  it.each(danger)('"%s" is danger', (text) => {
    expect(helpSituation(text)).toBe('danger');
  });

  const support = [
    'i want to die',
    'i wish i could disappear',
    'everyone would be better off without me',
    'i have a plan and a date',
    'i cut myself last week',
    'quiero morir',
    'je veux mourir',
    'ich will nicht mehr leben',
    'não quero mais viver',
  ];
  it.each(support)('"%s" is support', (text) => {
    expect(helpSituation(text)).toBe('support');
  });

  it('For an overdose, 911 comes first and Poison Control', () => {
    const help = resourcesFor(helpSituation('i took an overdose of my pills'));
    expect(help.map((resource) => resource.id).slice(0, 2)).toEqual(['call-911', 'poison-control']);
  });

  it('for danger, 911 comes first; for support, the lines come first', () => {
    expect(resourcesFor(helpSituation('im on the bridge'))[0]?.id).toBe('call-911');
    expect(resourcesFor(helpSituation('i want to die'))[0]?.id).toBe('call-988');
  });
});
