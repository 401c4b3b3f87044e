/**
 * The transaction flow, the one way the app writes to the chain (docs/TRUST.md rule 7): other
 * features use it through this file only. `runTx`/`useTx` run a flow (summary, Confirm, each wallet
 * prompt as a named stage, the outcome said once: the receipt card, or a toast where no card shows
 * it); `approveExactly` and `payInOneConfirmation` are the payment steps flows compose; `TxSummary`
 * is the plain-language summary shown before Confirm.
 */
export { runTx, type TxRequest, type TxSteps } from './flow';
export { useTx } from './useTx';
export { exclusive, isTxBusy, useTxBusy } from './progress';
export { approveExactly, paymentFeeTransactions } from './approve';
export { payInOneConfirmation } from './batch';
export { usePaymentFee, type PaymentToEstimate } from './usePaymentFee';
export { TxSummary, type SummaryRow, type ValueRow } from './TxSummary';
export { TxHashLine, TxProgressModal, TxReceiptBanner } from './TxProgress';
export { isContractAccount, RECEIPT_TIMEOUT_MS, settleTimeout } from './receipt';
