// The later part of each language's texts (./parts.ts): the pages behind the wallet. Loaded with
// the wallet code (features/wallet/runtime/loadRuntime.ts), only the active language's. No imports: this chunk is
// the glob's loaders and nothing the first visit already has.
const laterParts = import.meta.glob<Record<string, unknown>>('./locales/*.json', {
  query: '?part=later',
  import: 'default',
});

/** The later texts of `code` (of `fallback` for a language without a file). */
export async function loadLaterPart(
  code: string,
  fallback: string,
): Promise<Record<string, unknown>> {
  const load = laterParts[`./locales/${code}.json`] ?? laterParts[`./locales/${fallback}.json`];
  return load ? load() : {};
}
