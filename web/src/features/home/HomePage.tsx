import { ComingSoon } from '../../shared/ui/Placeholder';

export default function HomePage() {
  return <ComingSoon titleKey="nav.home" />;
}
