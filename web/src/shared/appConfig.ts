import { useQuery } from '@tanstack/react-query';
import { currentLanguage } from '../i18n';
import { api } from './api';

/**
 * A section of operator content (FAQ, features, partners) from GET /v1/index/config: written by
 * the operator, not by the app, and shown labelled as such (DESIGN §1.5). `lang` is the language
 * the texts are in (en when the user's language has none); null with empty items when none exist.
 */
export interface OperatorSection<T> {
  source: 'operator';
  lang: string | null;
  updatedAt: string | null;
  items: T[];
}

export interface FaqItem {
  question: string;
  answer: string;
}

export interface AppConfig {
  deployment: string;
  operatorContent: {
    faq: OperatorSection<FaqItem>;
    features: OperatorSection<{ title: string; body: string }>;
    partners: OperatorSection<{ name: string; url?: string; logo?: string }>;
  };
}

/** The server's public config in the UI language; a transport error toasts (shared/api). */
export function useAppConfig() {
  const lang = currentLanguage();
  return useQuery({
    queryKey: ['server', 'config', lang],
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) => api.get<AppConfig>('/v1/index/config', undefined, { signal }),
  });
}
