import type { Deployment } from '@app/contracts/chains';

/**
 * Which deployment this build talks to (VITE_DEPLOYMENT, default local). Its own module so the
 * first chunk can know it without the generated contract module (ABIs) that contracts.ts loads.
 */
export const deployment: Deployment = import.meta.env.VITE_DEPLOYMENT;
