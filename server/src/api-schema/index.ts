/**
 * The /v1 API's shapes, defined once (TypeBox: JSON Schema plus the TypeScript type of each).
 * The server validates, serializes and documents with them; the web app imports the types only
 * (`import type`), so none of this is bundled into it.
 */
export * from './common.ts';
export * from './errors.ts';
export * from './fields.ts';
export * from './languages.ts';
export * from './meta.ts';
export * from './notice.ts';
export * from './pages.ts';
export * from './routes.ts';
export * from './user.ts';
