/**
 * The ledger: what several features add to (each address's account row, the pool's figures, the
 * activity record, the record lists' totals, the raw contract events). Other features use it
 * through this file only.
 */
export {
  accounts,
  activity,
  chainStats,
  contractEvents,
  memberKeys,
  membersOf,
  recordTotals,
  teamStakeKeys,
  teamStakeOf,
  type Account,
  type ActivityRow,
  type ContractEventRow,
  type PoolStats,
  type RecordTotals,
} from './tables.ts';
export {
  addRecordTotals,
  emptyDelta,
  emptyStats,
  recordEvent,
  writeAccounts,
  writeRecords,
  writeStats,
  type LedgerPart,
  type LedgerWrites,
  type PoolDelta,
} from './reducer.ts';
export { accountColumn, accountOf, poolColumn, poolOf } from './reads.ts';
