/**
 * The server's public config (GET /v1/index/config: deployment, chains, the operator's FAQ,
 * features and partners), typed by the API schema (server/src/api-schema/meta.ts), never by hand.
 * Read it with `useIndexConfig()` (shared/data/endpoints.ts), the one hook for this route.
 * Operator content is written by the operator, not by the app, and shown labelled as such
 * (docs/TRUST.md rule 5).
 */
import type { IndexConfig, OperatorSection } from '@app/server/api-schema';

export type AppConfig = IndexConfig;
export type { OperatorSection };
export type FaqItem = IndexConfig['operatorContent']['faq']['items'][number];
