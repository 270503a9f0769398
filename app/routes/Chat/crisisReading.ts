/**
 * The crisis reading the chat screen loads after its first paint (crisisWarmUp.ts): the
 * detector, her words read in the light of her chat, and the chat's care mode, which reads
 * with them. One chunk, so none of it is part of the screen's first load (issue 14).
 */
export { classifier, crisisRules, isUnsafeAnswer, readCrisis } from '@shared/safety/crisis';
export { readInChat } from '@shared/safety/risk';
export { careEndOf } from './careMode';
