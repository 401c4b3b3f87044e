/** Exchange: reward coin sold for USDC through the pool, and the pool's market price. */
export { exchanges, market, type ExchangeRow, type Market } from './tables.ts';
export {
  exchangeReducers,
  reduceSync,
  writeExchanges,
  writeMarket,
  type ExchangePart,
} from './reducer.ts';
export { exchangeListRead, marketColumn, marketOf, type ExchangeTotals } from './reads.ts';
export { exchangeRoutes } from './pages.ts';
