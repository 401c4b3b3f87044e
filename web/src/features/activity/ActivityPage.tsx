import { ComingSoon } from '../../shared/ui/Placeholder';

export default function ActivityPage() {
  return <ComingSoon titleKey="nav.activity" />;
}
