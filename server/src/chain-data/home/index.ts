/** The home page: the pool's figures, the market price, pool-wide income and the caller's own. */
export { homeRoutes } from './pages.ts';
export { homeRead, type HomeRead } from './reads.ts';
