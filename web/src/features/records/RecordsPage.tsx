import { ComingSoon } from '../../shared/ui/Placeholder';

export default function RecordsPage() {
  return <ComingSoon titleKey="nav.records" />;
}
