import { planById } from '@shared/plans';

/*
 * The plan a purchase celebrates, by its id: with the plan catalogue, fetched only when the
 * chat screen has one to celebrate (useUpgradeCelebration).
 */
export const celebratedPlan = (id: string) => planById(id) ?? null;
