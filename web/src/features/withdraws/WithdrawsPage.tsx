import { ComingSoon } from '../../shared/ui/Placeholder';

export default function WithdrawsPage() {
  return <ComingSoon titleKey="nav.withdraws" />;
}
