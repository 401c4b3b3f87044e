import { ComingSoon } from '../../shared/ui/Placeholder';

export default function IncomePage() {
  return <ComingSoon titleKey="nav.income" />;
}
