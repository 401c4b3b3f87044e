import { ComingSoon } from '../../shared/ui/Placeholder';

export default function ExchangePage() {
  return <ComingSoon titleKey="nav.exchange" />;
}
